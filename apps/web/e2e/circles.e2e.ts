import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { addressOf, baseUrl, openApp } from "./support/browser"
import { callApi } from "./support/devServer"
import { successToast } from "./support/loginForm"
import { solidPng } from "./support/pngImage"
import { captureFullPage, horizontalOverflow } from "./support/screenshots"
import { login, sharedAccount } from "./support/session"

interface Envelope {
  readonly code: number
  readonly msg: string
}

/** A call whose refusal the test wants to read (callApi throws on code ≠ 0). */
const rawCall = async (path: string, token: string, json: unknown): Promise<Envelope> => {
  const response = await fetch(new URL(path, baseUrl()), { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` }, body: JSON.stringify(json) })
  return (await response.json()) as Envelope
}

/** A PNG in the user's library, as /property's upload leaves it (upload, then artwork/upload). */
const libraryWork = async (token: string, color: readonly [number, number, number]) => {
  const form = new FormData()
  form.append("file", new Blob([new Uint8Array(solidPng(120, 90, color))], { type: "image/png" }), "work.png")
  const response = await fetch(new URL("/api/v1/base/upload", baseUrl()), { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form })
  const { data } = (await response.json()) as { data: { url: string } }
  return callApi<{ id: number }>("/api/v2/artwork/upload", { token, json: { type: "sd", url: data.url, parameters: { prompt: "交作业 小邮差", negative_prompt: "", models: [], args: [] } } })
}

/** A seeded circle with an assignment still open, and that assignment. */
const openAssignment = async (): Promise<{ circleId: number; assignmentId: number }> => {
  const circles = await callApi<{ list: Array<{ id: number }> }>("/api/v1/open/community/circle/list", { query: { size: "50" } })
  const now = Date.now() / 1000
  for (const circle of circles.list) {
    const assignments = await callApi<{ list: Array<{ id: number; deadline: number }> }>("/api/v1/open/community/assignment/list", { query: { circle_id: String(circle.id) } })
    const open = assignments.list.find((assignment) => assignment.deadline > now + 3600)
    if (open !== undefined) return { circleId: circle.id, assignmentId: open.id }
  }
  throw new Error("the demo data has no open assignment")
}

const memberCount = (page: Page) => page.getByTestId("circle-member-count")
const memberNames = (page: Page) => page.getByTestId("member-name")

// Issue 17 (part C3): circles, their form, membership, assignments.
describe("circles", () => {
  it("create a circle → edit it → another user joins (count and member list) → leaves; a non-owner cannot edit", async () => {
    const page = await openApp("/list")
    const owner = await login(page, { path: "/community/circle-form", fresh: true })
    await page.getByRole("heading", { name: "创建圈子" }).waitFor()

    // nothing uploaded yet: CI3's message, nothing sent
    const name = `水彩${Date.now() % 100000}`
    await page.getByLabel("圈子名称").fill(name)
    await page.getByRole("button", { name: "创建圈子" }).click()
    await page.getByTestId("circle-form-problem").filter({ hasText: "请上传圈子封面" }).waitFor()
    // spec §5: a wrong type is refused with its message
    await page.getByTestId("circle-cover-input").setInputFiles({ name: "动图.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") })
    await page.getByRole("alert").filter({ hasText: "只能上传 png, jpg, jpeg 格式的图片" }).first().waitFor()
    await page.getByTestId("circle-cover-input").setInputFiles({ name: "封面.png", mimeType: "image/png", buffer: solidPng(800, 160, [70, 120, 200]) })
    await page.getByTestId("circle-cover-preview").waitFor()
    await page.getByLabel("圈子简介").fill("一起画水彩，\n每周交一次作业")
    await page.getByRole("button", { name: "创建圈子" }).click()
    await page.getByTestId("circle-title").filter({ hasText: name }).waitFor()
    const id = Number(new URL(addressOf(page), baseUrl()).searchParams.get("id"))
    expect(id).toBeGreaterThan(0)
    expect(await memberCount(page).innerText()).toBe("1")

    // edit: the form holds the circle; the new name shows on its page
    await page.getByRole("button", { name: "编辑圈子" }).click()
    await page.getByRole("heading", { name: "编辑圈子" }).waitFor()
    expect(await page.getByLabel("圈子名称").inputValue()).toBe(name)
    await page.getByLabel("圈子名称").fill(`${name}研习社`)
    await page.getByRole("button", { name: "保存" }).click()
    await page.getByTestId("circle-title").filter({ hasText: `${name}研习社` }).waitFor()

    // another user joins: the count moves and they are in the member list; then leaves
    const other = await openApp("/list")
    const joiner = await login(other, { path: `/community/circle-detail?id=${id}`, fresh: true })
    await other.getByTestId("circle-title").waitFor()
    await other.getByRole("button", { name: "加入圈子" }).click()
    await other.getByRole("button", { name: "退出圈子" }).waitFor()
    expect(await memberCount(other).innerText()).toBe("2")
    await other.getByRole("tab", { name: /成员/ }).click()
    await memberNames(other).filter({ hasText: joiner.nickname }).waitFor()
    await other.getByRole("button", { name: "退出圈子" }).click()
    await other.getByRole("dialog").getByRole("button", { name: "退出" }).click()
    await other.getByRole("button", { name: "加入圈子" }).waitFor()
    expect(await memberCount(other).innerText()).toBe("1")
    await expect.poll(() => memberNames(other).allInnerTexts()).toEqual([owner.nickname])

    // a non-owner: the form refuses in words, and so does the server
    await other.goto(`/community/circle-form?id=${id}`)
    await other.getByText("只有圈主可以编辑圈子").waitFor()
    expect(await other.getByLabel("圈子名称").count()).toBe(0)
    const refused = await rawCall("/api/v1/community/circle/update", joiner.token, { id, name: "抢圈子", avatar: "http://x.cn/a.png", cover: "http://x.cn/a.png", description: "" })
    expect(refused).toMatchObject({ code: 403, msg: "只有圈主可以编辑圈子" })
    await page.reload()
    await page.getByTestId("circle-title").filter({ hasText: `${name}研习社` }).waitFor()
  })

  it("the circle form needs a login: a visitor is sent to /login carrying the address", async () => {
    const page = await openApp("/community/circle-form?id=1")
    await page.waitForURL((url) => url.pathname === "/login")
    expect(new URL(addressOf(page), baseUrl()).searchParams.get("ref")).toBe("/community/circle-form?id=1")
  })

  it("a member hands in a work from the library: it appears among the submissions; screenshots at 1280 and 1920", async () => {
    const { circleId, assignmentId } = await openAssignment()
    const student = await sharedAccount()
    await callApi("/api/v1/community/circle/join", { token: student.token, json: { id: circleId } })
    await libraryWork(student.token, [220, 120, 40])

    const page = await openApp("/list")
    await login(page, { path: `/community/assignment-detail?id=${assignmentId}` })
    await page.getByTestId("assignment-title").waitFor()
    expect(await page.getByTestId("assignment-countdown").innerText()).toMatch(/^剩余 /)
    const before = Number(await page.getByTestId("assignment-count").innerText())
    await page.getByRole("button", { name: "提交作品" }).click()
    await page.getByTestId("picker-work").first().click()
    await page.getByLabel("创作说明").fill("交作业：我的小邮差")
    await page.getByRole("button", { name: "提交作业" }).click()
    await successToast(page, "作业已提交").waitFor()
    await page.getByRole("button", { name: "已提交" }).waitFor()
    expect(Number(await page.getByTestId("assignment-count").innerText())).toBe(before + 1)
    const mine = page.getByTestId("circle-post").filter({ hasText: "交作业：我的小邮差" })
    await mine.waitFor()
    expect(await mine.locator("img").count()).toBe(1)
    expect(await horizontalOverflow(page)).toBe(0)

    for (const width of [1280, 1920]) {
      const shot = await openApp(`/community/assignment-detail?id=${assignmentId}`, { width })
      await shot.getByTestId("circle-post").first().waitFor()
      await captureFullPage(shot, `assignment-${width}`)
      expect(await horizontalOverflow(shot)).toBe(0)
      await shot.goto(`/community/circle-detail?id=${circleId}`)
      await shot.getByTestId("circle-post").first().waitFor()
      await captureFullPage(shot, `circle-${width}`)
      expect(await horizontalOverflow(shot)).toBe(0)
      await shot.goto("/community/circle")
      await shot.getByTestId("circle-card").first().waitFor()
      await captureFullPage(shot, `circle-discover-${width}`)
    }
  })

  it("a group (作品集) page shows its cover, name, description, owner and works", async () => {
    const owner = await sharedAccount()
    const work = await libraryWork(owner.token, [40, 160, 90])
    const group = await callApi<{ id: number }>("/api/v1/user/create_artwork_group", { token: owner.token, json: { name: "青绿小集", description: "几张青绿色的练习", artwork_ids: [work.id] } })
    // the work is a draft of the library, which only its owner sees in the group
    const page = await openApp("/list", { width: 1920 })
    await login(page, { path: `/community/group-detail?id=${group.id}` })
    await page.getByTestId("group-title").filter({ hasText: "青绿小集" }).waitFor()
    await page.getByText("几张青绿色的练习").waitFor()
    await page.getByText(owner.nickname).waitFor()
    await expect.poll(() => page.getByTestId("work-tile").count()).toBe(1)
    await captureFullPage(page, "group-1920")
    await page.goto("/community/circle-list?q=国风")
    await page.getByTestId("circle-card").first().waitFor()
    expect(await page.getByTestId("circle-name").allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining("国风")]))
    await captureFullPage(page, "circle-list-1920")
    await page.goto("/community/group-detail?id=999999")
    await page.getByText("作品集不存在或未公开").waitFor()
  })
})
