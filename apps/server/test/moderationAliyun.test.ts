import { randomBytes } from "node:crypto"
import { Api } from "@mido/core/contract"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { aliyunGreenModeration, aliyunGreenServiceCheck } from "../src/adapters/moderation/aliyunGreenModeration.js"
import { ModerationUnavailable } from "../src/adapters/moderation/contentModerationPort.js"
import { moderationOutcomes } from "../src/db/schema/moderation.js"
import { tasks } from "../src/db/schema/tasks.js"
import { IMAGE_REFUSED, MODERATION_BUSY, MODERATION_UNAVAILABLE, TEXT_REFUSED } from "../src/features/moderation/moderationRefusal.js"
import { type AliyunGreenSettings, readModerationSettings } from "../src/platform/moderationConfig.js"
import { makeArtwork } from "./communityFixtures.js"
import { auditedBalance, grantBeans, sdTask, submit } from "./generationFixtures.js"
import { type AliyunGreenFake, startAliyunGreenFake } from "./moderationFakes/aliyunGreenFake.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { testUsers } from "./testUsers.js"

// the AccessKey secret is made by the test (random, as Aliyun's are), never a fixed string in the repo
const ACCESS_KEY_ID = "LTAI5tFakeGreenKey"
const ACCESS_KEY_SECRET = randomBytes(15).toString("base64url")

let fake: AliyunGreenFake
let settings: AliyunGreenSettings
let server: TestServer
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370030", nickname: "绿网用户", inviteCodePrefix: "GN", nidPrefix: "830" })

const settingsWith = (env: Record<string, string>): AliyunGreenSettings => {
  const read = readModerationSettings({ MIDO_MODERATION: "aliyun", ALIYUN_GREEN_ACCESS_KEY_ID: ACCESS_KEY_ID, ALIYUN_GREEN_ACCESS_KEY_SECRET: ACCESS_KEY_SECRET, ALIYUN_GREEN_ENDPOINT: fake.endpoint, ...env })
  if (read.kind !== "aliyun") throw new Error("expected aliyun settings")
  return read
}

beforeAll(async () => {
  fake = await startAliyunGreenFake({
    accessKeyId: ACCESS_KEY_ID,
    accessKeySecret: ACCESS_KEY_SECRET,
    riskyWords: { 赌场: { labels: "contraband", riskLevel: "high" }, 加微信: { labels: "ad", riskLevel: "low" } },
    riskyImages: { risky: "pornographic_adultContent" }
  })
  settings = settingsWith({})
  server = await startTestServer({ moderation: { kind: "aliyun", ...settings } })
})
afterAll(async () => {
  await server?.stop()
  await fake?.close()
})

const uid = 7
const adapter = () => aliyunGreenModeration(settings)

describe("the Aliyun adapter against its fake (signature checked by the fake)", () => {
  it("a clean prompt passes through a signed TextModeration of the AIGC text service", async () => {
    expect(await adapter().checkText({ uid, place: "prompt", text: "一只猫在窗台上" })).toEqual({ verdict: "pass", labels: [] })
    const request = fake.requests.at(-1)
    expect(request?.headers.authorization).toMatch(/^ACS3-HMAC-SHA256 Credential=LTAI5tFakeGreenKey,SignedHeaders=[^,]*host[^,]*,Signature=[0-9a-f]{64}$/)
    expect(request?.headers["x-acs-action"]).toBe("TextModeration")
    expect(fake.calls.at(-1)).toMatchObject({ service: "ai_art_detection", parameters: { content: "一只猫在窗台上", accountId: "7" } })
  })

  it("high risk refuses with the provider's labels; low risk goes on flagged for review", async () => {
    expect(await adapter().checkText({ uid, place: "comment", text: "来赌场玩" })).toEqual({ verdict: "refuse", labels: ["contraband"] })
    expect(await adapter().checkText({ uid, place: "nickname", text: "加微信领图" })).toEqual({ verdict: "review", labels: ["ad"] })
    expect(fake.calls.at(-1)?.service).toBe("nickname_detection")
  })

  it("a text over TextModeration's 600 characters is checked in pieces, and a hit in the last piece counts", async () => {
    const before = fake.calls.length
    const verdict = await adapter().checkText({ uid, place: "article", text: `${"山水".repeat(340)}赌场` })
    expect(verdict.verdict).toBe("refuse")
    const pieces = fake.calls.slice(before)
    expect(pieces).toHaveLength(2)
    expect(pieces.every((call) => [...(call.parameters.content ?? "")].length <= 600)).toBe(true)
  })

  it("an image by its public address: baselineCheck; a high-risk label refuses, nonLabel passes", async () => {
    expect(await adapter().checkImage({ uid, place: "artwork_publish", url: "https://cdn.example.com/a/risky.png", dataId: "12" })).toEqual({ verdict: "refuse", labels: ["pornographic_adultContent"] })
    expect(fake.calls.at(-1)).toMatchObject({ action: "ImageModeration", service: "baselineCheck", parameters: { imageUrl: "https://cdn.example.com/a/risky.png", dataId: "12" } })
    expect(await adapter().checkImage({ uid, place: "artwork_publish", url: "https://cdn.example.com/a/cat.png", dataId: "13" })).toEqual({ verdict: "pass", labels: [] })
  })

  it("a request signed with the wrong secret is refused by the fake: unavailable, SignatureDoesNotMatch", async () => {
    const wrong = aliyunGreenModeration(settingsWith({ ALIYUN_GREEN_ACCESS_KEY_SECRET: randomBytes(15).toString("base64url") }))
    const failure = await wrong.checkText({ uid, place: "post", text: "你好" }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ModerationUnavailable)
    expect(failure).toMatchObject({ reason: "unavailable", providerCode: "SignatureDoesNotMatch" })
    expect(fake.signatureRefusals.at(-1)).toBe("SignatureDoesNotMatch")
  })

  it.each([
    [{ gateway: "Throttling.User" }, "throttled", "Throttling.User"],
    [{ code: 588 }, "throttled", "588"],
    [{ code: 408 }, "unavailable", "408"]
  ] as const)("%o is %s", async (refusal, reason, code) => {
    fake.refuseNext(refusal)
    await expect(adapter().checkText({ uid, place: "post", text: "你好" })).rejects.toMatchObject({ reason, providerCode: code })
  })

  it("the doctor's check passes with the right key and names the gateway's code with a wrong one", async () => {
    expect(await aliyunGreenServiceCheck(settings).check()).toMatchObject({ ok: true })
    const wrongKey = await aliyunGreenServiceCheck(settingsWith({ ALIYUN_GREEN_ACCESS_KEY_ID: "LTAI5tUnknown" })).check()
    expect(wrongKey).toMatchObject({ ok: false })
    expect(wrongKey.detail).toContain("InvalidAccessKeyId.NotFound")
  })
})

describe("MIDO_MODERATION=aliyun in the server: the provider's word is final after the word list", () => {
  const drawing = (prompt: string) => sdTask(prompt, { checkpoint: "本地演示·通用", width: 256, height: 192 })

  it("a prompt Aliyun refuses moves no bean; the outcome names Aliyun and its labels", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 100)
    expect(await submit(server, user.token, drawing("赌场里的猫"))).toMatchObject({ code: 400, msg: TEXT_REFUSED })
    expect(await auditedBalance(server, user.uid)).toBe(100)
    expect(await server.deps.db.select().from(tasks).where(eq(tasks.uid, user.uid))).toHaveLength(0)
    expect(await server.deps.db.select().from(moderationOutcomes).where(eq(moderationOutcomes.uid, user.uid))).toMatchObject([{ place: "prompt", verdict: "refuse", labels: ["contraband"], checker: "aliyun" }])
  })

  it("throttling is a 429 with a clear message (Retry-After), an outage a 503; nothing is charged", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 100)
    fake.refuseNext({ gateway: "Throttling.User" })
    expect(await submit(server, user.token, drawing("一只猫"))).toMatchObject({ code: 429, msg: MODERATION_BUSY })
    fake.refuseNext({ code: 408 })
    expect(await submit(server, user.token, drawing("一只猫"))).toMatchObject({ code: 503, msg: MODERATION_UNAVAILABLE })
    expect(await auditedBalance(server, user.uid)).toBe(100)
  })

  it("publishing an artwork whose image Aliyun refuses is refused with a clear message; a clean one goes to review", async () => {
    const user = await newUser()
    const risky = await makeArtwork(server.deps.db, user.uid, { isPublic: false, auditStatus: "draft", cover: "https://cdn.mido.example.com/artwork/risky.png" })
    const clean = await makeArtwork(server.deps.db, user.uid, { isPublic: false, auditStatus: "draft" })
    const send = (id: number) => server.request("POST", Api.artwork.auditSubmit.path, { artwork_id: id, title: "江南" }, user.token)
    expect(await send(risky.id)).toMatchObject({ code: 400, msg: IMAGE_REFUSED })
    expect(await send(clean.id)).toMatchObject({ code: 0, data: { audit_status: "pending" } })
    const [outcome] = await server.deps.db.select().from(moderationOutcomes).where(eq(moderationOutcomes.uid, user.uid))
    expect(outcome).toMatchObject({ place: "artwork_publish", targetId: String(risky.id), verdict: "refuse", labels: ["pornographic_adultContent"] })
  })
})
