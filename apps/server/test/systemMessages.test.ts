import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { seedCommerce } from "../src/seed/commerceSeed.js"
import { loginByPhone, startLoginServer, type LoginTestServer } from "./loginHelpers.js"

/**
 * The system messages the server sends by itself (spec §2 message drawer, 系统 tab): a welcome on
 * account creation and a notice when a paid order is fulfilled, each once however often the event
 * repeats (a second login, a duplicate notify).
 */
let server: LoginTestServer

beforeAll(async () => {
  server = await startLoginServer()
  await seedCommerce(server.deps.db)
})
afterAll(() => server.stop())

interface Listed {
  readonly total: number
  readonly list: ReadonlyArray<{ readonly id: number; readonly is_read: 0 | 1; readonly content: string }>
}

const systemTab = async (token: string) => {
  const answer = await server.call("GET", "/api/v1/user/message/list", { type: "system", page: "1", size: "20" }, { token })
  expect(answer.code).toBe(0)
  const data = answer.data as Listed
  return { total: data.total, contents: data.list.map((message) => JSON.parse(message.content) as Record<string, string>) }
}

const unreadSystem = async (token: string) =>
  ((await server.call("GET", "/api/v1/user/message/unread_count", undefined, { token })).data as { system: number }).system

/** Pays `tradeNo` on the sandbox pay page (its 模拟支付成功 form, signed), `times` times. */
const payOnSandbox = async (tradeNo: string, times = 1) => {
  const html = await (await fetch(`${server.url}/api/sandbox/pay?trade_no=${tradeNo}`)).text()
  const form = html.split("<form").find((part) => part.includes("模拟支付成功"))!
  const fields = Object.fromEntries([...form.matchAll(/name="([a-z_]+)" value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]))
  for (let index = 0; index < times; index++) {
    const response = await fetch(`${server.url}/api/sandbox/notify`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString()
    })
    expect(response.ok).toBe(true)
  }
}

const order = async (token: string, body: Record<string, unknown>) => {
  const answer = await server.call("POST", "/api/v1/order/create", { pay_method: "wechat", ...body }, { token })
  expect(answer.code).toBe(0)
  return (answer.data as { trade_no: string }).trade_no
}

describe("system messages", () => {
  it("a new account finds one unread welcome in 系统; logging in again sends no second one", async () => {
    const phone = "13912340001"
    const first = await loginByPhone(server, phone)
    expect(first.is_register).toBe(true)
    expect(await systemTab(first.token)).toEqual({ total: 1, contents: [expect.objectContaining({ title: "欢迎来到米豆AI", jump_url: "/list" })] })
    expect(await unreadSystem(first.token)).toBe(1)
    const again = await loginByPhone(server, phone)
    expect(again.is_register).toBe(false)
    expect((await systemTab(again.token)).total).toBe(1)
  })

  it("a fulfilled points order sends its buyer one message, however many notifies arrive", async () => {
    const { token } = await loginByPhone(server, "13912340002")
    const tradeNo = await order(token, { type: "points", type_id: 2 })
    expect((await systemTab(token)).total).toBe(1) // the welcome only: nothing is paid yet
    await payOnSandbox(tradeNo, 3)
    const tab = await systemTab(token)
    expect(tab.total).toBe(2)
    expect(tab.contents[0]).toMatchObject({ title: "米豆到账", content: "您购买的 3100 米豆已到账，快去创作吧。", sub_content: `订单号 ${tradeNo}` })
    expect(await unreadSystem(token)).toBe(2)
  })

  it("a membership order's message names the plan, its expiry and the bonus beans", async () => {
    const { token } = await loginByPhone(server, "13912340003")
    const tradeNo = await order(token, { type: "plan", type_id: 1 })
    await payOnSandbox(tradeNo)
    const [latest] = (await systemTab(token)).contents
    expect(latest).toMatchObject({ title: "会员开通成功", sub_content: `订单号 ${tradeNo}` })
    expect(latest!.content).toMatch(/^您已成功开通体验会员，有效期至 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d，赠送的 500 米豆已到账。$/)
  })

  it("an unpaid order sends nothing", async () => {
    const { token } = await loginByPhone(server, "13912340004")
    await order(token, { type: "points", type_id: 1 })
    expect((await systemTab(token)).total).toBe(1)
  })
})
