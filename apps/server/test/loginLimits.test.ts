import { eq, sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { smsSendLog } from "../src/db/schema/login.js"
import { purgeLoginState } from "../src/features/login/loginHousekeeping.js"
import { reserveSmsSend, SMS_IP_LIMIT, SMS_PHONE_LIMITS } from "../src/features/login/rateLimits.js"
import { lastSms, type LoginTestServer, Paths, sendCode, startLoginServer } from "./loginHelpers.js"

let server: LoginTestServer

beforeAll(async () => {
  server = await startLoginServer()
})
afterAll(() => server.stop())

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000)

/** Earlier sends, seeded with past timestamps (the limiter counts the log, R2). */
const seedSends = (phone: string, ip: string, secondsAgo: ReadonlyArray<number>) =>
  server.deps.db.insert(smsSendLog).values(secondsAgo.map((seconds) => ({ phone, ip, purpose: "login", sentAt: ago(seconds) })))

describe("SMS limits per phone and per IP, stored in the database (R2, R37)", () => {
  it("documents the starting values in one place", () => {
    expect(SMS_PHONE_LIMITS.map((limit) => [limit.windowSeconds, limit.max])).toEqual([[60, 1], [3600, 5], [86_400, 10]])
    expect([SMS_IP_LIMIT.windowSeconds, SMS_IP_LIMIT.max]).toEqual([3600, 20])
  })

  it("one a minute: the second send is 429 with Retry-After ≈ 60 and sends nothing", async () => {
    const phone = "13600000001"
    expect((await sendCode(server, phone)).code).toBe(0)
    const again = await sendCode(server, phone)
    expect(again).toMatchObject({ code: 429, msg: "验证码发送太频繁，请稍后再试" })
    const retry = Number(again.headers.get("retry-after"))
    expect(retry).toBeGreaterThan(55)
    expect(retry).toBeLessThanOrEqual(60)
    expect((await lastSms(server, phone))?.sent).toBe(1)
  })

  it("a send 30 s ago leaves about 30 s to wait; 61 s ago passes again", async () => {
    await seedSends("13600000002", "10.9.0.1", [30])
    const wait = await sendCode(server, "13600000002")
    expect(wait.code).toBe(429)
    expect(Math.abs(Number(wait.headers.get("retry-after")) - 30)).toBeLessThanOrEqual(2)
    await seedSends("13600000003", "10.9.0.1", [61])
    expect((await sendCode(server, "13600000003")).code).toBe(0)
  })

  it("five an hour: the sixth within the hour is refused; outside the hour it passes", async () => {
    await seedSends("13600000004", "10.9.0.2", [3000, 2500, 2000, 1500, 100])
    const sixth = await sendCode(server, "13600000004")
    expect(sixth).toMatchObject({ code: 429, msg: expect.stringContaining("1小时") })
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(500)
    await seedSends("13600000005", "10.9.0.2", [3700, 2500, 2000, 1500, 100])
    expect((await sendCode(server, "13600000005")).code).toBe(0)
  })

  it("ten a day: the eleventh within 24 h is refused; a day later it passes", async () => {
    const earlier = [80_000, 70_000, 60_000, 50_000, 40_000, 30_000, 20_000, 10_000, 7200, 100]
    await seedSends("13600000006", "10.9.0.3", earlier)
    const eleventh = await sendCode(server, "13600000006")
    expect(eleventh).toMatchObject({ code: 429, msg: expect.stringContaining("今日") })
    // the oldest of the ten leaves the 24 h in about 6400 s
    expect(Math.abs(Number(eleventh.headers.get("retry-after")) - 6400)).toBeLessThanOrEqual(2)
    await seedSends("13600000007", "10.9.0.3", [90_000, ...earlier.slice(1)])
    expect((await sendCode(server, "13600000007")).code).toBe(0)
  })

  it("twenty an hour per IP: the 21st phone from one IP is refused; another IP is not", async () => {
    const ip = "10.9.1.1"
    for (let index = 0; index < 20; index++) await seedSends(`1360000${String(1000 + index)}`, ip, [120])
    const refused = await sendCode(server, "13600002000", Paths.sendVerifySms, { ip })
    expect(refused).toMatchObject({ code: 429, msg: "请求太频繁，请稍后再试" })
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000)
    expect((await sendCode(server, "13600002000", Paths.sendVerifySms, { ip: "10.9.1.2" })).code).toBe(0)
  })

  it("the limits are shared by every purpose: a bind code counts against the login code", async () => {
    const phone = "13600000008"
    expect((await sendCode(server, phone, Paths.sendWechatBindSms)).code).toBe(0)
    expect((await sendCode(server, phone)).code).toBe(429)
  })

  it("fails closed: when the limiter's store fails the send is refused and nothing is sent", async () => {
    const phone = "13600000009"
    await server.deps.db.execute(sql`alter table sms_send_log rename to sms_send_log_away`)
    try {
      const refused = await sendCode(server, phone)
      expect(refused).toMatchObject({ code: 503, msg: "短信服务繁忙，请稍后再试" })
    } finally {
      await server.deps.db.execute(sql`alter table sms_send_log_away rename to sms_send_log`)
    }
    expect(await lastSms(server, phone)).toBeUndefined()
    expect(server.logs.some((line) => line.includes("sms limiter unavailable"))).toBe(true)
    expect((await sendCode(server, phone)).code).toBe(0)
  })

  it("concurrent reservations for one phone: exactly one passes the one-a-minute limit (advisory lock)", async () => {
    const now = new Date()
    const verdicts = await Promise.all(Array.from({ length: 8 }, (_, index) =>
      server.deps.db.transaction((tx) => reserveSmsSend(tx, { phone: "13600000010", ip: `10.9.2.${index}`, purpose: "login" }, now))))
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(1)
  })
})

describe("housekeeping", () => {
  it("purgeLoginState drops rows no check reads and keeps the ones the limits still count", async () => {
    await seedSends("13600000020", "10.9.3.1", [3 * 86_400, 3600])
    await purgeLoginState(server.deps.db, new Date())
    const left = await server.deps.db.select().from(smsSendLog).where(eq(smsSendLog.phone, "13600000020"))
    expect(left).toHaveLength(1)
    expect(await sendCode(server, "13600000020")).toMatchObject({ code: 0 })
  })
})

