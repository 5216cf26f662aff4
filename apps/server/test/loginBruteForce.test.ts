import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { smsCodes } from "../src/db/schema/login.js"
import { MAX_FAILURES_PER_PHONE_HOUR, MAX_WRONG_PER_CODE } from "../src/features/login/smsCodes.js"
import { CODE_REJECTED } from "../src/features/login/loginSms.js"
import { installClock, lastSms, type LoginTestServer, otherCode, Paths, sendCode, startLoginServer, type TestClock } from "./loginHelpers.js"

/** R4: brute-force protection on code verification, on a server whose clock the test moves (no sleeping). */
let server: LoginTestServer
let clock: TestClock

beforeAll(async () => {
  server = await startLoginServer()
  clock = installClock(server)
})
afterAll(() => server.stop())

/** Sends a login code to the phone and answers it (the clock moves past the one-a-minute limit first). */
const freshCode = async (phone: string): Promise<string> => {
  clock.advance(61)
  const sent = await sendCode(server, phone)
  if (sent.code !== 0) throw new Error(`send failed: ${sent.msg}`)
  return (await lastSms(server, phone))!.code
}

const login = (phone: string, code: string) => server.call("POST", Paths.login, { phone, code })

/** The structured verification events the server logged for a masked phone. */
const verifyEvents = (maskedPhone: string) =>
  server.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.event === "sms_verify" && entry.phone === maskedPhone)

describe("R4: a code is burned after 5 wrong tries", () => {
  it("5 wrong codes, then the correct code → still rejected, with the same answer", async () => {
    expect(MAX_WRONG_PER_CODE).toBe(5)
    const phone = "13900000001"
    const code = await freshCode(phone)
    for (let attempt = 0; attempt < 5; attempt++) expect(await login(phone, otherCode(code))).toMatchObject({ status: 200, code: 400, msg: CODE_REJECTED })
    expect(await login(phone, code)).toMatchObject({ code: 400, msg: CODE_REJECTED })
    const [row] = await server.deps.db.select().from(smsCodes).where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, "login")))
    expect(row).toMatchObject({ failedAttempts: 5 })
    expect(row?.usedAt).not.toBeNull()
  })

  it("4 wrong codes leave the code usable", async () => {
    const phone = "13900000002"
    const code = await freshCode(phone)
    for (let attempt = 0; attempt < 4; attempt++) expect((await login(phone, otherCode(code))).code).toBe(400)
    expect(await login(phone, code)).toMatchObject({ code: 0, data: { is_register: true } })
  })
})

describe("R4: one answer for an unknown phone and a wrong code", () => {
  it("a phone never sent a code, a wrong code, an expired code and a used code answer alike", async () => {
    const phone = "13900000010"
    const code = await freshCode(phone)
    const wrong = await login(phone, otherCode(code))
    const unknown = await login("13900000019", code)
    const shape = (answer: Awaited<ReturnType<typeof login>>) => ({ status: answer.status, code: answer.code, msg: answer.msg, data: answer.data })
    expect(shape(unknown)).toEqual(shape(wrong))
    expect(wrong.msg).toBe(CODE_REJECTED)
    expect((await login(phone, code)).code).toBe(0)
    expect(shape(await login(phone, code))).toEqual(shape(wrong))
    const expiring = "13900000011"
    const old = await freshCode(expiring)
    clock.advance(301)
    expect(shape(await login(expiring, old))).toEqual(shape(wrong))
  })
})

describe("R4, R37: 10 failures per phone within an hour lock the phone for the rest of the window", () => {
  const phone = "13900000020"
  const masked = "139****0020"

  it("11 failures in an hour → locked (429, Retry-After to the end of the window), even with a right code", async () => {
    expect(MAX_FAILURES_PER_PHONE_HOUR).toBe(10)
    const first = await freshCode(phone)
    const windowStart = clock.now().getTime()
    for (let attempt = 0; attempt < 5; attempt++) expect((await login(phone, otherCode(first))).msg).toBe(CODE_REJECTED)
    const second = await freshCode(phone)
    for (let attempt = 0; attempt < 5; attempt++) expect((await login(phone, otherCode(second))).msg).toBe(CODE_REJECTED)
    const third = await freshCode(phone)
    const locked = await login(phone, third)
    expect(locked).toMatchObject({ code: 429, msg: expect.stringContaining("次数过多") })
    const retryAfter = Number(locked.headers.get("retry-after"))
    expect(retryAfter).toBe((windowStart + 3_600_000 - clock.now().getTime()) / 1000)
    expect(locked.msg).toBe(`验证码错误次数过多，请${Math.ceil(retryAfter / 60)}分钟后再试`)
    // the lock is per phone: another phone logs in meanwhile
    const other = "13900000021"
    expect((await login(other, await freshCode(other))).code).toBe(0)

    const events = verifyEvents(masked)
    const failures = events.filter((entry) => entry.outcome === "failure")
    expect(failures).toHaveLength(11)
    expect(failures.map((entry) => entry.reason)).toEqual([...Array<string>(10).fill("wrong"), "locked"])
    for (const entry of events) expect(Object.keys(entry).sort()).toEqual(["event", "ip", "level", "message", "outcome", "phone", "purpose", "reason", "time"])
    // no code digits in any verification event, and the codes appear only in the development sink's line
    expect(events.map((entry) => JSON.stringify({ ...entry, time: undefined })).join("\n")).not.toMatch(/\d{6}/)
    for (const code of [first, second, third, otherCode(first), otherCode(second)]) {
      expect(server.logs.filter((line) => line.includes(code)).every((line) => line.includes('"message":"sms code"'))).toBe(true)
    }
  })

  it("the lock holds to the last second of the hour that began with the first counted failure, then ends", async () => {
    const [oldest] = await server.deps.db.select({ createdAt: smsCodes.createdAt }).from(smsCodes).where(eq(smsCodes.phone, phone)).orderBy(smsCodes.id).limit(1)
    const windowEnd = oldest!.createdAt.getTime() + 3_600_000
    // freshCode moves the clock 61 s before sending: the code is sent 60 s before the window ends
    clock.advance((windowEnd - 121_000 - clock.now().getTime()) / 1000)
    const code = await freshCode(phone)
    const stillLocked = await login(phone, code)
    expect(stillLocked).toMatchObject({ code: 429, msg: "验证码错误次数过多，请1分钟后再试" })
    expect(stillLocked.headers.get("retry-after")).toBe("60")
    clock.advance(60)
    expect(await login(phone, code)).toMatchObject({ code: 0 })
    const success = verifyEvents(masked).filter((entry) => entry.outcome === "success")
    expect(success).toHaveLength(1)
    expect(JSON.stringify(success[0])).not.toContain(code)
  })
})
