import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { finished, grantBeans, sdTask, submitted, testTuning, waitFor } from "./generationFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { testUsers } from "./testUsers.js"

/**
 * LB1–LB3 (docs/spec/library.md) over HTTP: an upload counts in 上传, a toolbox result in 工具 (its
 * card naming the tool) and a /webui drawing in 在线 SD, each tab listing only its own. Before the
 * library told them apart, all three were counted as 在线 SD.
 */
let server: TestServer
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370031", nickname: "资产用户", inviteCodePrefix: "LT", nidPrefix: "831" })

beforeAll(async () => {
  server = await startTestServer({ generation: testTuning({ timeoutMs: { quick: 20_000, quick_mj: 20_000, sd: 20_000, agent: 20_000, tool: 30_000 } }) })
})
afterAll(async () => {
  await server?.stop()
})

const stored = async (uid: number, name: string): Promise<string> => {
  const key = `u/${uid}/202611/${name}.png`
  await server.deps.objectStore.create(key, await sharp({ create: { width: 96, height: 64, channels: 3, background: "#4a7" } }).png().toBuffer())
  return `${server.deps.config.storageUrl}/uploads/${key}`
}

type Tab = { type: string; name: string; count: number }
type Item = { id: number; type: string; library_type: string; tool_name?: string }

describe("the library's tabs after an upload, a tool result and an sd drawing", () => {
  it("counts each in its own tab; 在线 SD only the drawing (LB1, LB2, LB3)", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 1_000)
    const uploaded = await server.request("POST", "/api/v2/artwork/upload", {
      type: "sd", url: await stored(user.uid, "mine"), parameters: { prompt: "", negative_prompt: "", models: [], args: [] }
    }, user.token)
    expect(uploaded).toMatchObject({ code: 0, data: { type: "sd", library_type: "upload" } })
    for (const body of [sdTask("a red fox in snow", { checkpoint: "本地演示·通用" }), { type: "tool", tool: "hd-repair", image_url: await stored(user.uid, "base"), options: { scale: 2 } }]) {
      const task = await submitted(server, user.token, body)
      expect(await waitFor(server, user.token, task.id, finished, 30_000)).toMatchObject({ status: "succeeded" })
    }

    const types = await server.request("GET", "/api/v2/artwork/types", undefined, user.token)
    expect((types.data as { list: Array<Tab> }).list).toEqual([
      { type: "quick", name: "快捷绘画", count: 0 },
      { type: "quick_mj", name: "MJ 模型", count: 0 },
      { type: "sd", name: "在线 SD", count: 1 },
      { type: "agent", name: "智能助手", count: 0 },
      { type: "upload", name: "上传", count: 1 },
      { type: "tool", name: "工具", count: 1 }
    ])
    const tab = async (type: string) => ((await server.request("GET", `/api/v2/artwork/list?type=${type}`, undefined, user.token)).data as { list: Array<Item> }).list
    expect(await tab("sd")).toMatchObject([{ type: "sd", library_type: "sd" }])
    expect(await tab("upload")).toMatchObject([{ id: (uploaded.data as Item).id, type: "sd", library_type: "upload" }])
    const [tool] = await tab("tool")
    expect(tool).toMatchObject({ type: "sd", library_type: "tool", tool_name: "高清修复" })
    // the tool result is still an sd artwork for the detail dialog (spec §3 has four types)
    const info = async (id: number) => (await server.request("GET", `/api/v2/open/artwork/info?id=${id}`, undefined, user.token)).data
    // …and the detail is told its origin, to name it 工具 · 高清修复 / 上传 rather than 在线 SD (LB4)
    expect(await info(tool!.id)).toMatchObject({ type: "sd", origin: "tool" })
    expect(await info((uploaded.data as Item).id)).toMatchObject({ type: "sd", origin: "upload" })
    expect(await info((await tab("sd"))[0]!.id)).toMatchObject({ type: "sd", origin: "draw" })
    const all = (await server.request("GET", "/api/v2/artwork/list", undefined, user.token)).data as { total: number; list: Array<Item> }
    expect(all.total).toBe(3)
    expect(all.list.filter((item) => item.library_type !== "tool").every((item) => item.tool_name === undefined)).toBe(true)
  }, 60_000)
})
