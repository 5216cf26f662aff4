import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { issueCaptcha, phoneSubject } from "../src/features/login/captcha.js"
import { type LoginTestServer, Paths, startLoginServer } from "./loginHelpers.js"

let server: LoginTestServer

beforeAll(async () => {
  server = await startLoginServer({ production: true })
})
afterAll(() => server.stop())

describe("production: no development endpoints, no pretending (R1, R2, R38)", () => {
  it.each(["/api/dev/captcha?phone=13200000001", "/api/dev/sms?phone=13200000001", "/api/dev/wechat/scan?key=wxq_9KfT2mZpLx7QeR4sV1nB"])("GET %s is 404", async (path) => {
    const answer = await server.call("GET", path)
    expect(answer.status).toBe(404)
    expect(answer.code).toBe(404)
  })

  it("POST /api/dev/wechat/confirm is 404", async () => {
    const response = await fetch(`${server.url}/api/dev/wechat/confirm`, { method: "POST", body: new URLSearchParams({ key: "wxq_9KfT2mZpLx7QeR4sV1nB", mode: "new" }) })
    expect(response.status).toBe(404)
  })

  it("captchas are still issued (for the picture only)", async () => {
    const answer = await server.call("GET", Paths.captcha, { phone: "13200000001" })
    expect(answer.code).toBe(0)
    expect(answer.data.image).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it("without an SMS provider a send fails plainly and no code reaches the log", async () => {
    // the answer cannot be read in production: a wrong one is refused first (R1)
    expect((await server.call("POST", Paths.sendVerifySms, { phone: "13200000001", captcha_code: "ABCD" })).code).toBe(400)
    const { answer } = await issueCaptcha(server.deps.db, server.deps.config.secret, phoneSubject("13200000001"), "10.8.0.1", new Date())
    const refused = await server.call("POST", Paths.sendVerifySms, { phone: "13200000001", captcha_code: answer })
    expect(refused).toMatchObject({ code: 503, msg: "短信发送失败，请稍后再试" })
    expect(server.logs.some((line) => line.includes("sms provider not configured"))).toBe(true)
    expect(server.logs.some((line) => line.includes('"message":"sms code"') || line.includes("13200000001"))).toBe(false)
  })

  it("WeChat QR login is reported as unavailable rather than a QR that nobody can confirm", async () => {
    expect(await server.call("GET", Paths.loginQr, {})).toMatchObject({ code: 503 })
  })
})
