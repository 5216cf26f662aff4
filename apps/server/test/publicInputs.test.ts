import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeArtwork, parametersOf } from "./artworksFixtures.js"
import { finished, grantBeans, submit, submitted, testTuning, waitFor } from "./generationFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { testUsers } from "./testUsers.js"

/** R11: another user's image is a task input only when a published artwork already shows it to everyone. */
let server: TestServer
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370019", nickname: "同款他人", inviteCodePrefix: "PI", nidPrefix: "819" })
const REFUSED = { code: 400, msg: "图片地址无效，请使用自己上传或生成的图片" }

beforeAll(async () => {
  server = await startTestServer({ generation: testTuning({ timeoutMs: { quick: 20_000, quick_mj: 20_000, sd: 20_000, agent: 20_000, tool: 20_000 } }) })
})
afterAll(async () => {
  await server?.stop()
})

const uploadOf = async (uid: number, name: string) => {
  const key = `u/${uid}/202611/${name}-${Date.now()}.png`
  await server.deps.objectStore.create(key, await sharp({ create: { width: 96, height: 64, channels: 3, background: "#47a" } }).png().toBuffer())
  return `${server.deps.config.storageUrl}/uploads/${key}`
}

const mjTask = (reference: string) => ({ type: "quick_mj", prompt: "一只机械猫", num: 1, version: "v7", image_prompts: [reference], style_reference: [], character_reference: [], omni_reference: [] })

describe("R11 做同款 from another user's published work", () => {
  it("accepts and draws with the reference of A's published work", async () => {
    const [alice, bob] = [await newUser(), await newUser()]
    await grantBeans(server, bob.uid, 2_000)
    const reference = await uploadOf(alice.uid, "ref")
    await makeArtwork(server.deps.db, alice.uid, { type: "quick_mj", parameters: { ...parametersOf("quick_mj") as object, image_prompts: [reference] } })
    const task = await submitted(server, bob.token, mjTask(reference))
    const done = await waitFor(server, bob.token, task.id, finished, 30_000)
    expect(done.status, JSON.stringify(done)).toBe("succeeded")
  }, 60_000)

  it("accepts the cover of A's published work", async () => {
    const [alice, bob] = [await newUser(), await newUser()]
    await grantBeans(server, bob.uid, 2_000)
    const cover = await uploadOf(alice.uid, "cover")
    await makeArtwork(server.deps.db, alice.uid, { type: "quick_mj", cover })
    expect(await submit(server, bob.token, mjTask(cover))).toMatchObject({ code: 0 })
  })

  it.each([
    ["unpublished", { isPublic: false, auditStatus: "draft" as const }],
    ["pending review", { isPublic: true, auditStatus: "pending" as const }],
    ["deleted", { deletedAt: new Date() }]
  ])("refuses the reference of A's %s work with the same message", async (_name, overrides) => {
    const [alice, bob] = [await newUser(), await newUser()]
    await grantBeans(server, bob.uid, 2_000)
    const reference = await uploadOf(alice.uid, "private")
    await makeArtwork(server.deps.db, alice.uid, { type: "quick_mj", cover: reference, parameters: { ...parametersOf("quick_mj") as object, image_prompts: [reference] }, ...overrides })
    expect(await submit(server, bob.token, mjTask(reference))).toMatchObject(REFUSED)
  })

  it("refuses A's private upload that no work shows, a foreign host and an unsafe key", async () => {
    const [alice, bob] = [await newUser(), await newUser()]
    await grantBeans(server, bob.uid, 2_000)
    expect(await submit(server, bob.token, mjTask(await uploadOf(alice.uid, "mine")))).toMatchObject(REFUSED)
    const foreign = "https://cdn.elsewhere.example.com/uploads/x.png"
    await makeArtwork(server.deps.db, alice.uid, { type: "quick_mj", cover: foreign })
    expect(await submit(server, bob.token, mjTask(foreign))).toMatchObject(REFUSED)
    const unsafe = `${server.deps.config.storageUrl}/uploads/u/${alice.uid}/../x.png`
    await makeArtwork(server.deps.db, alice.uid, { type: "quick_mj", cover: unsafe })
    expect(await submit(server, bob.token, mjTask(unsafe))).toMatchObject(REFUSED)
  })
})
