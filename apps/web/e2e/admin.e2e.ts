import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { loginAsAdmin } from "./support/admin"
import { baseUrl, openApp } from "./support/browser"
import { callApi } from "./support/devServer"
import { captureWindow, horizontalOverflow } from "./support/screenshots"
import { loginByApi } from "./support/session"

// Issue 29, the operator console (ADR 0023): a plain user gets 无权访问; the operator bans a user (their
// session ends) and adjusts beans with a reason (the ledger shows it). One operator login, one page: a
// browser context lives for one test (support/browser.ts), so the operator's steps are one test.

const status = async (token: string) => {
  const response = await fetch(new URL("/api/v1/user/info", baseUrl()), { headers: { Authorization: `Bearer ${token}` } })
  return ((await response.json()) as { code: number }).code
}

describe("operator console", () => {
  it("a plain user sees 无权访问 and nothing of the console", async () => {
    const plain = await loginByApi()
    const page = await openApp(`/admin?token=${encodeURIComponent(plain.token)}`, { width: 1280 })
    await page.getByRole("heading", { name: "无权访问" }).waitFor()
    expect(await page.getByRole("navigation", { name: "后台导航" }).count()).toBe(0)
    await page.context().close()
  })

  it("the operator bans a user (their session ends), adjusts their beans with a reason, and reads 概览 and 审计日志", async () => {
    const operator = await openApp("/list", { width: 1280 })
    const operatorAccount = await loginAsAdmin(operator, "operator")
    await banAndAdjust(operator)
    await dashboardAndAudit(operator)
    await tasksAndEngines(operator, operatorAccount.token)
  })
})

const banAndAdjust = async (operator: Page) => {
  const target = await loginByApi()
  expect(await status(target.token)).toBe(0)
  await operator.getByRole("link", { name: "用户" }).click()
  await operator.getByRole("textbox", { name: "搜索用户" }).fill(target.phone)
  await operator.getByRole("button", { name: "搜索" }).click()
  await operator.getByRole("cell", { name: target.phone }).click()
  await operator.getByRole("heading", { name: new RegExp(target.nickname) }).waitFor()

  await operator.getByRole("textbox", { name: "封禁原因" }).fill("发布违规内容")
  await operator.getByRole("button", { name: "封禁", exact: true }).click()
  await operator.getByText(/已封禁（.*）：发布违规内容/).waitFor()
  expect(await status(target.token)).toBe(-401)

  await operator.getByRole("textbox", { name: "调整数量" }).fill("88")
  await operator.getByRole("textbox", { name: "调整原因" }).fill("活动补偿")
  await operator.getByRole("button", { name: "调整米豆" }).click()
  await operator.getByRole("cell", { name: "运营调整：活动补偿" }).waitFor()
  expect(await horizontalOverflow(operator)).toBe(0)
  await captureWindow(operator, "admin-users-1280")
}

/** 概览 and 审计日志 (and 用户 again) at 1280 and 1920 px. */
const dashboardAndAudit = async (operator: Page) => {
  await operator.getByRole("link", { name: "概览" }).click()
  await operator.getByRole("article", { name: "今日注册" }).waitFor()
  expect(await horizontalOverflow(operator)).toBe(0)
  await captureWindow(operator, "admin-dashboard-1280")
  await operator.getByRole("link", { name: "审计日志" }).click()
  await operator.getByRole("cell", { name: "user.adjust_beans" }).first().waitFor()
  await captureWindow(operator, "admin-audit-1280")
  await operator.setViewportSize({ width: 1920, height: 1080 })
  await captureWindow(operator, "admin-audit-1920")
  await operator.getByRole("link", { name: "用户" }).click()
  await captureWindow(operator, "admin-users-1920")
  await operator.getByRole("link", { name: "概览" }).click()
  await operator.getByRole("article", { name: "今日注册" }).waitFor()
  expect(await horizontalOverflow(operator)).toBe(0)
  await captureWindow(operator, "admin-dashboard-1920")
}

/** 任务 (a user's drawing in the list, its record) and 引擎 (the demo engine answers), at 1920 then 1280 px. */
const tasksAndEngines = async (operator: Page, operatorToken: string) => {
  const painter = await loginByApi()
  const { uid } = await callApi<{ uid: number }>("/api/v1/user/info", { token: painter.token })
  await callApi("/api/v1/admin/users/adjust_beans", { token: operatorToken, json: { uid, amount: 100, reason: "测试任务" } })
  const quick = { type: "quick", num: 1, ratio: "3:4", style_group: "default", style_name: "水彩插画", prompt: "后台任务小镇" }
  const task = await callApi<{ id: string }>("/api/v2/task/submit", { token: painter.token, json: quick })
  await operator.getByRole("link", { name: "任务" }).click()
  await operator.getByRole("cell", { name: painter.nickname, exact: true }).click()
  await operator.getByText(task.id).waitFor()
  await operator.getByText("参数").waitFor()
  expect(await horizontalOverflow(operator)).toBe(0)
  await captureWindow(operator, "admin-tasks-1920")
  await operator.getByRole("link", { name: "引擎" }).click()
  await operator.getByText("全部引擎正常").waitFor()
  expect(await horizontalOverflow(operator)).toBe(0)
  await captureWindow(operator, "admin-engines-1920")
  await operator.setViewportSize({ width: 1280, height: 800 })
  expect(await horizontalOverflow(operator)).toBe(0)
  await captureWindow(operator, "admin-engines-1280")
  await operator.getByRole("link", { name: "任务" }).click()
  await operator.getByRole("cell", { name: painter.nickname, exact: true }).click()
  await operator.getByText(task.id).waitFor()
  expect(await horizontalOverflow(operator)).toBe(0)
  await captureWindow(operator, "admin-tasks-1280")
}
