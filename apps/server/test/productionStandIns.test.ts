import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { refuseStandInsInProduction, standInsOf } from "../src/platform/productionStandIns.js"
import { builtServer } from "./builtEntry.js"

const SECRET = "production-secret-0123456789-0123456789"
const PRODUCTION = { NODE_ENV: "production", MIDO_SECRET: SECRET }
const REAL = {
  ...PRODUCTION,
  ALIPAY_APP_ID: "2021000000000000", ALIPAY_PRIVATE_KEY: "pem", ALIPAY_PUBLIC_KEY: "pem",
  MIDO_SMS: "aliyun", ALIYUN_SMS_ACCESS_KEY_ID: "id", ALIYUN_SMS_ACCESS_KEY_SECRET: "secret", ALIYUN_SMS_SIGN_NAME: "米豆AI", ALIYUN_SMS_TEMPLATE_CODE: "SMS_1",
  WECHAT_MP_APP_ID: "wx0", WECHAT_MP_APP_SECRET: "s", WECHAT_MP_TOKEN: "t"
}

describe("a production start refuses stand-ins (issue 27)", () => {
  it("outside production nothing is refused", () => {
    expect(standInsOf({})).toEqual([])
  })

  it("with nothing configured, names sandbox pay, the SMS outbox and the simulated scan, each with its variables and its allow setting", () => {
    expect(() => refuseStandInsInProduction(PRODUCTION)).toThrow(/sandbox provider.*ALIPAY_APP_ID.*WECHATPAY_MCH_ID.*MIDO_ALLOW_SANDBOX_PAY=1/)
    const services = standInsOf(PRODUCTION)
    expect(services.map((standIn) => standIn.service)).toEqual(["payments", "sms", "wechat_login"])
    expect(services[1]?.missing).toEqual(["MIDO_SMS=aliyun", "ALIYUN_SMS_ACCESS_KEY_ID", "ALIYUN_SMS_ACCESS_KEY_SECRET", "ALIYUN_SMS_SIGN_NAME", "ALIYUN_SMS_TEMPLATE_CODE"])
    expect(services[2]).toMatchObject({ missing: ["WECHAT_MP_APP_ID", "WECHAT_MP_APP_SECRET", "WECHAT_MP_TOKEN"], allowedBy: "MIDO_ALLOW_SIMULATED_WECHAT=1" })
  })

  it("one real payment method is enough; each stand-in may be allowed on purpose", () => {
    expect(standInsOf(REAL)).toEqual([])
    const { ALIPAY_APP_ID: _alipay, ...wechatPayOnly } = { ...REAL, WECHATPAY_MCH_ID: "1900000109" }
    expect(standInsOf(wechatPayOnly)).toEqual([])
    expect(standInsOf({ ...PRODUCTION, MIDO_ALLOW_SANDBOX_PAY: "1", MIDO_ALLOW_DEV_SMS: "1", MIDO_ALLOW_SIMULATED_WECHAT: "1" })).toEqual([])
    expect(standInsOf({ ...REAL, MIDO_SMS: "" }).map((standIn) => standIn.service)).toEqual(["sms"])
  })

  it("the server process (dist/main.js, as npm start runs it) stops before it listens, with the missing variables in its error", async () => {
    const serverDir = fileURLToPath(new URL("..", import.meta.url))
    const run = spawnSync(process.execPath, await builtServer("main"), {
      cwd: serverDir,
      env: { PATH: process.env.PATH, ...PRODUCTION, PORT: "18470", STORAGE_PORT: "18471", DATA_DIR: "/nonexistent/mido-standins", MIDO_ALLOW_SANDBOX_PAY: "1" },
      encoding: "utf8",
      timeout: 90_000
    })
    expect(run.status).not.toBe(0)
    expect(run.stderr).toContain("NODE_ENV=production refuses to start on stand-ins")
    expect(run.stderr).toContain("MIDO_SMS=aliyun, ALIYUN_SMS_ACCESS_KEY_ID")
    expect(run.stderr).toContain("MIDO_ALLOW_SIMULATED_WECHAT=1")
    expect(run.stderr).not.toContain("sandbox provider")
  })
})
