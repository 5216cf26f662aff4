import { Hono } from "hono"
import { Schema } from "effect"
import { defineRoute } from "@mido/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { tasks } from "../src/db/schema/tasks.js"
import { files } from "../src/db/schema/files.js"
import { couponAttempts } from "../src/db/schema/commerce.js"
import { CAPTCHA_PER_IP_PER_MINUTE } from "../src/features/login/captcha.js"
import { QR_CREATE_PER_IP_PER_MINUTE } from "../src/features/login/rateLimits.js"
import { COUPON_CHECKS_PER_MINUTE, COUPON_INVALID_PER_HOUR } from "../src/features/commerce/coupons.js"
import { ORDER_CREATES_PER_HOUR } from "../src/features/commerce/orders.js"
import { ORDER_CHECKS_PER_MINUTE } from "../src/features/commerce/rateWindows.js"
import { DAILY_UPLOAD_QUOTA_BYTES } from "../src/features/files/storedFiles.js"
import { MAX_OPEN_UPLOADS } from "../src/features/files/filesMultipart.js"
import { implement } from "../src/platform/contract.js"
import { tooMany } from "../src/platform/failure.js"
import { Refusal } from "../src/platform/refusal.js"
import type { ServerDeps } from "../src/platform/deps.js"
import { seedCommerce } from "../src/seed/commerceSeed.js"
import { fakeEngine } from "./generationFakeEngine.js"
import { grantBeans, sdTask, testTuning } from "./generationFixtures.js"
import { GENERATION_SUBMITS_PER_HOUR } from "../src/features/generation/taskSubmit.js"
import { POSTS_PER_HOUR } from "../src/features/community/communityPosts.js"
import { communityWrites } from "../src/db/schema/community.js"
import { type Answer, freshIp, installClock, Paths, type TestClock } from "./loginHelpers.js"
import { startServerWith, testConfig } from "./testServer.js"
import { testUsers } from "./testUsers.js"
import type { RunningServer } from "../src/server.js"

/**
 * R37: every limit answers 429 with `Retry-After`, and the number is true: after that many seconds
 * the same request passes again (Mastodon's "throttled endpoint": below the limit passes, one more is
 * 429, travel one period and it passes). The header is set at the root (platform/contract.ts), so a
 * limit cannot forget it. The SMS limits, the code lock, the QR poll and oss_token are proven the same
 * way in loginLimits, loginBruteForce, loginWechat and filesStorage.
 */
let server: RunningServer
let clock: TestClock
const fake = fakeEngine()
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1390077", nickname: "限流用户", inviteCodePrefix: "RL", nidPrefix: "877" })

const call = async (method: "GET" | "POST", path: string, body?: Record<string, unknown>, options: { token?: string; ip?: string } = {}): Promise<Answer> => {
  const headers: Record<string, string> = { source: "PC", "content-type": "application/json", "x-forwarded-for": options.ip ?? freshIp() }
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
  const query = method === "GET" && body !== undefined ? `?${new URLSearchParams(body as Record<string, string>).toString()}` : ""
  const response = await fetch(`${server.url}${path}${query}`, { method, headers, ...(method === "POST" ? { body: JSON.stringify(body ?? {}) } : {}) })
  return { ...((await response.json()) as { code: number; msg: string; data: unknown }), status: response.status, headers: response.headers }
}

beforeAll(async () => {
  server = await startServerWith(testConfig({ generation: testTuning() }), undefined, { engines: fake.registry })
  await seedCommerce(server.deps.db)
  // on a minute's first second, so the fixed one-minute windows are not cut in two by the run
  clock = installClock(server, new Date(Math.ceil(Date.now() / 60_000) * 60_000))
})
afterAll(() => server.stop())

const retryAfterOf = (answer: Answer): number => Number(answer.headers.get("retry-after"))

/** `count` times spread from 50 to 10 minutes ago: inside the hour, and clear of any per-minute limit. */
const earlierThisHour = (count: number): Array<Date> => {
  const now = clock.now().getTime()
  return Array.from({ length: count }, (_, index) => new Date(now - 3000_000 + Math.floor((index * 2400_000) / count)))
}

interface WindowLimit {
  readonly name: string
  readonly limit: number
  readonly windowSeconds: number
  /** what the limit answers */
  readonly msg: string
  /** hits the actor already has in the window (seeded by `actor`) */
  readonly already?: number
  /** One request of the same actor; a fresh actor per row. */
  readonly actor: () => Promise<() => Promise<Answer>>
}

const ROWS: ReadonlyArray<WindowLimit> = [
  {
    name: "image captcha per IP",
    limit: CAPTCHA_PER_IP_PER_MINUTE,
    windowSeconds: 60,
    msg: "操作太频繁，请稍后再试",
    actor: async () => {
      const ip = freshIp()
      return () => call("GET", Paths.captcha, { phone: "13900770001" }, { ip })
    }
  },
  {
    name: "WeChat QR create per IP",
    limit: QR_CREATE_PER_IP_PER_MINUTE,
    windowSeconds: 60,
    msg: "二维码获取太频繁，请稍后再试",
    actor: async () => {
      const ip = freshIp()
      return () => call("GET", Paths.loginQr, {}, { ip })
    }
  },
  {
    name: "coupon check per user",
    limit: COUPON_CHECKS_PER_MINUTE,
    windowSeconds: 60,
    msg: "优惠码验证过于频繁，请稍后再试",
    actor: async () => {
      const { token } = await newUser()
      return () => call("GET", "/api/v1/order/coupon", { code: "MIDO90" }, { token })
    }
  },
  {
    name: "coupon check per IP (logged out)",
    limit: COUPON_CHECKS_PER_MINUTE,
    windowSeconds: 60,
    msg: "优惠码验证过于频繁，请稍后再试",
    actor: async () => {
      const ip = freshIp()
      return () => call("GET", "/api/v1/open/config/coupon/check", { code: "MIDO90" }, { ip })
    }
  },
  {
    name: "invalid coupon codes per user",
    limit: COUPON_INVALID_PER_HOUR,
    windowSeconds: 3600,
    msg: "优惠码验证过于频繁，请稍后再试",
    already: COUPON_INVALID_PER_HOUR - 1,
    actor: async () => {
      const { uid, token } = await newUser()
      // 29 invalid codes earlier this hour: the per-minute limit stays out of it
      await server.deps.db.insert(couponAttempts).values(earlierThisHour(COUPON_INVALID_PER_HOUR - 1).map((createdAt) => ({ actor: `user:${uid}`, ok: false, createdAt })))
      return () => call("GET", "/api/v1/order/coupon", { code: "NOSUCH1" }, { token })
    }
  },
  {
    name: "order create per user",
    limit: ORDER_CREATES_PER_HOUR,
    windowSeconds: 3600,
    msg: "下单太频繁，请稍后再试",
    actor: async () => {
      const { token } = await newUser()
      return () => call("POST", "/api/v1/order/create", { type: "points", type_id: 1, pay_method: "alipay" }, { token })
    }
  },
  {
    name: "order status poll per user",
    limit: ORDER_CHECKS_PER_MINUTE,
    windowSeconds: 60,
    msg: "查询订单太频繁，请稍后再试",
    actor: async () => {
      const { token } = await newUser()
      const created = await call("POST", "/api/v1/order/create", { type: "points", type_id: 1, pay_method: "alipay" }, { token })
      const tradeNo = (created.data as { trade_no: string }).trade_no
      return () => call("GET", "/api/v1/order/check", { trade_no: tradeNo }, { token })
    }
  },
  {
    name: "generation submits per user",
    limit: GENERATION_SUBMITS_PER_HOUR,
    windowSeconds: 3600,
    msg: `每小时最多提交 ${GENERATION_SUBMITS_PER_HOUR} 个任务，请稍后再试`,
    already: GENERATION_SUBMITS_PER_HOUR - 1,
    actor: async () => {
      const { uid, token } = await newUser()
      await grantBeans(server, uid, 1000)
      // 29 finished tasks of the last hour, 50 to 10 minutes ago: the queued-task count stays out of it
      await server.deps.db.insert(tasks).values(earlierThisHour(GENERATION_SUBMITS_PER_HOUR - 1).map((createdAt) => ({
        id: crypto.randomUUID(), uid, type: "sd" as const, status: "succeeded" as const, engineKind: "fake", engineLabel: "fake", queue: "rl-none",
        params: {}, seed: 1, num: 1, cost: 0, createdAt
      })))
      let submits = 0
      return () => call("POST", "/api/v2/task/submit", sdTask(`第${++submits}次`), { token })
    }
  },
  {
    name: "community posts per user",
    limit: POSTS_PER_HOUR,
    windowSeconds: 3600,
    msg: "发帖太频繁，请稍后再试",
    already: POSTS_PER_HOUR - 1,
    actor: async () => {
      const { uid, token } = await newUser()
      // 19 posts earlier this hour
      await server.deps.db.insert(communityWrites).values(earlierThisHour(POSTS_PER_HOUR - 1).map((createdAt) => ({ uid, kind: "post" as const, createdAt })))
      let published = 0
      return () => call("POST", "/api/v1/community/post/publish", { content: `第${++published}帖`, images: [] }, { token })
    }
  }
]

describe("R37: each limit's 429 carries a Retry-After that holds", () => {
  it.each(ROWS)("$name: $limit pass, one more is 429 with Retry-After in (0, window], and after it the request passes", async (row) => {
    const request = await row.actor()
    for (let index = row.already ?? 0; index < row.limit; index++) expect((await request()).code, `request ${index + 1}`).not.toBe(429)
    const refused = await request()
    expect(refused).toMatchObject({ code: 429, msg: row.msg })
    const wait = retryAfterOf(refused)
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(row.windowSeconds)
    // a second before the wait is over it is still refused; at the end of the wait it passes
    if (wait > 1) {
      clock.advance(wait - 1)
      expect((await request()).code).toBe(429)
      clock.advance(1)
    } else {
      clock.advance(wait)
    }
    expect((await request()).code).not.toBe(429)
  })

  it("the daily upload bytes: a full day answers 429 with the wait until enough of it is a day old", async () => {
    const { uid, token } = await newUser()
    const start = clock.now()
    // 400 MB ten hours ago, then 100 MB two hours ago (10 MB files): 500 MB in the last 24 h, the quota
    const tenMb = 10 * 1024 * 1024
    expect(DAILY_UPLOAD_QUOTA_BYTES).toBe(50 * tenMb)
    const stored = (count: number, hoursAgo: number) => Array.from({ length: count }, (_, index) => ({
      key: `u/${uid}/rl-${hoursAgo}-${index}.png`, uid, size: tenMb, contentType: "image/png" as const, width: 1, height: 1, createdAt: new Date(start.getTime() - hoursAgo * 3_600_000)
    }))
    await server.deps.db.insert(files).values([...stored(40, 10), ...stored(10, 2)])
    const init = () => call("POST", "/api/v1/base/upload/multipart/init", { file_name: "长卷.png", file_size: 5 * 1024 * 1024, content_type: "image/png" }, { token })
    const refused = await init()
    expect(refused).toMatchObject({ code: 429, msg: "今日上传额度已用完，请明天再试" })
    // the 400 MB leaves the 24 h in 14 h; then 5 MB fit again
    expect(retryAfterOf(refused)).toBe(14 * 3600)
    clock.advance(14 * 3600 - 1)
    expect((await init()).code).toBe(429)
    clock.advance(1)
    expect((await init()).code).toBe(0)
  })

  it("open multipart uploads (a count, not a window): the 11th answers 429 with a Retry-After", async () => {
    const { token } = await newUser()
    const init = () => call("POST", "/api/v1/base/upload/multipart/init", { file_name: "长卷.png", file_size: 2 * 1024 * 1024, content_type: "image/png" }, { token })
    for (let index = 0; index < MAX_OPEN_UPLOADS; index++) expect((await init()).code).toBe(0)
    const refused = await init()
    expect(refused).toMatchObject({ code: 429, msg: "进行中的上传太多，请稍后再试" })
    expect(retryAfterOf(refused)).toBeGreaterThan(0)
  })

  it("queued generation tasks (a count): the 11th answers 429 with a Retry-After", async () => {
    const { uid, token } = await newUser()
    await server.deps.db.insert(tasks).values(Array.from({ length: 10 }, () => ({
      id: crypto.randomUUID(), uid, type: "sd" as const, engineKind: "fake", engineLabel: "fake", queue: "rl-none", params: {}, seed: 1, num: 1, cost: 0
    })))
    const refused = await call("POST", "/api/v2/task/submit", sdTask("one too many"), { token })
    expect(refused).toMatchObject({ code: 429, msg: "排队中的任务已达 10 个，请等待完成后再提交" })
    expect(retryAfterOf(refused)).toBeGreaterThan(0)
  })
})

describe("R37 at the root: any 429 a handler throws gets Retry-After", () => {
  class SomeRefusal extends Refusal {}
  const route = (name: string) =>
    defineRoute({ name, method: "GET", path: `/api/test/${name}`, auth: "optional", encoding: "query", input: Schema.Struct({}), data: Schema.Struct({}), summary: "test" })

  it("an ApiFailure or a feature's Refusal without a wait gets the default; one with a wait gets it, rounded up", async () => {
    const app = new Hono()
    const deps = { ...server.deps } as ServerDeps
    implement(app, deps, route("plain"), async () => { throw tooMany() })
    implement(app, deps, route("refusal"), async () => { throw new SomeRefusal("tooMany", "太多了") })
    implement(app, deps, route("timed"), async () => { throw tooMany("稍后再试", 12.2) })
    implement(app, deps, route("other"), async () => { throw new SomeRefusal("conflict", "冲突") })
    const answer = async (name: string) => {
      const response = await app.request(`/api/test/${name}`)
      return { body: await response.json(), retryAfter: response.headers.get("retry-after") }
    }
    expect(await answer("plain")).toEqual({ body: { code: 429, msg: "操作太频繁，请稍后再试", data: null }, retryAfter: "60" })
    expect(await answer("refusal")).toEqual({ body: { code: 429, msg: "太多了", data: null }, retryAfter: "60" })
    expect((await answer("timed")).retryAfter).toBe("13")
    expect((await answer("other")).retryAfter).toBeNull()
  })
})
