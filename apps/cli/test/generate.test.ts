import { ApiClientLive, AuthTokenLive, StorageKeys } from "@mido/core"
import { Generation, GenerationLayer } from "@mido/core/generation"
import { envelope, makeMemoryHttp, MemoryHttpLayer, MemoryKeyValueStoreLayer, makeMemoryServerEvents, MemoryServerEventsLayer, refusedWithEnvelope, taskEvents } from "@mido/core/testing"
import { Layer, Stream } from "effect"
import { describe, expect, it } from "vitest"
import type { HttpRequest } from "@mido/core"
import { type CommandIo, INTERRUPTED_EXIT, runGenerate } from "../src/commands/generate.js"
import { parseArgs } from "../src/commands/args.js"
import { runTasks } from "../src/commands/tasks.js"

const ID = "0b7c6a52-3f1e-4d8a-9c2b-5e4f1a2b3c4d"
const params = { type: "sd", prompt: "a cat", checkpoint: "本地演示·水彩", sampler: "Euler a", steps: 20, cfg_scale: 7, width: 512, height: 512, seed: 7, num: 2 }
const base = { id: ID, type: "sd", status: "queued", position: 2, progress: 0, images: [], num: 2, cost: 8, refunded: 0, prompt: "a cat", engine: "本地演示引擎", params, created_at: "2026-11-25 20:15:02" }
const image = (id: number) => ({ artwork_id: id, url: `https://oss.test/${id}.png`, width: 512, height: 512 })
const queued = (position: number) => ({ ...base, position })
const running = (progress: number) => ({ ...base, status: "running", position: undefined, progress })
const done = { ...base, status: "succeeded", position: undefined, progress: 100, images: [image(3101), image(3102)] }
const catalog = { engine: "本地演示引擎", offline: true, checkpoints: ["本地演示·水彩"], loras: [], samplers: ["Euler a"], schedulers: [], upscalers: [] }

/** A memory server for the task routes: `events` answers /task/events, `info` the polls. */
const world = (events: Stream.Stream<{ event: string; data: string }, never> | "refuse401" | "none", info: unknown = done) => {
  const http = makeMemoryHttp((request: HttpRequest) => {
    if (request.url === "/api/v2/task/catalog") return envelope(0, catalog)
    if (request.url === "/api/v2/task/submit") return envelope(0, queued(2))
    if (request.url === "/api/v2/task/info") return envelope(0, info)
    if (request.url === "/api/v2/task/cancel") return envelope(0, { ...running(40), status: "cancelled", refunded: 8 })
    if (request.url === "/api/v2/task/list") return envelope(0, { list: [done, { ...base, id: "6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c", prompt: "x".repeat(60) }], next_cursor: "c2" })
    return undefined
  })
  const sse = makeMemoryServerEvents(() => (events === "none" ? undefined : events === "refuse401" ? refusedWithEnvelope(-401, "请先登录") : events))
  const tokens: Array<string> = []
  const generationFor = (server: string, token: string) => {
    tokens.push(`${server} ${token}`)
    const client = Layer.provideMerge(ApiClientLive, Layer.provideMerge(AuthTokenLive, Layer.merge(MemoryHttpLayer(http), MemoryKeyValueStoreLayer({ [StorageKeys.auth]: JSON.stringify({ token }) }))))
    return Layer.provide(GenerationLayer({ pollIntervalMs: 5 }), Layer.merge(client, MemoryServerEventsLayer(sse))) as Layer.Layer<Generation>
  }
  return { http, sse, tokens, generationFor }
}

const run = async (argv: string, w: ReturnType<typeof world>, onLine?: (line: string, abort: () => void) => void) => {
  const out: Array<string> = []
  const err: Array<string> = []
  const interrupt = new AbortController()
  const io: CommandIo = {
    out: (line) => {
      out.push(line)
      onLine?.(line, () => interrupt.abort())
    },
    err: (line) => err.push(line),
    signal: interrupt.signal,
    env: { MIDO_TOKEN: "tok_env_0123456789" }
  }
  const args = argv.match(/"[^"]*"|\S+/g)?.map((word) => word.replace(/^"|"$/g, "")) ?? []
  const { options } = parseArgs(args)
  const command = args[0] === "tasks" ? runTasks : runGenerate
  const code = await command(options, io, w.generationFor)
  return { code, out, err }
}

const SERVER = "--server http://mido.test"

describe("mido generate", () => {
  it("submits, prints each new state from the events, then the artwork ids and image URLs (exit 0)", async () => {
    const w = world(taskEvents(queued(2), queued(1), running(45), running(45), done))
    const result = await run(`generate --type sd --prompt "a cat" --num 2 --seed 7 ${SERVER}`, w)
    expect(result).toEqual({
      code: 0,
      out: [`已提交任务 ${ID}，消耗 8 米豆（本地演示引擎）`, "排队中 第 2 位", "排队中 第 1 位", "绘制中 45%", "完成", "作品 3101  https://oss.test/3101.png  512x512", "作品 3102  https://oss.test/3102.png  512x512"],
      err: []
    })
    const submit = w.http.requests.find((request) => request.url === "/api/v2/task/submit")
    expect(submit?.body).toMatchObject({ value: { type: "sd", prompt: "a cat", checkpoint: "本地演示·水彩", sampler: "Euler a", steps: 20, cfg_scale: 7, width: 512, height: 512, seed: 7, num: 2 } })
    expect(w.tokens).toEqual(["http://mido.test tok_env_0123456789"])
  })

  it("takes the checkpoint, sampler, size and the rest from the flags (no catalog call)", async () => {
    const w = world(taskEvents(done))
    await run(`generate --prompt "a cat" --negative ugly --checkpoint m1 --sampler "DPM++ 2M" --steps 30 --cfg 6.5 --size 768x1024 --seed -1 ${SERVER} --token tok_flag_123456789`, w)
    expect(w.http.requests.map((request) => request.url)).toEqual(["/api/v2/task/submit"])
    expect(w.http.requests[0]?.body).toMatchObject({ value: { negative_prompt: "ugly", checkpoint: "m1", sampler: "DPM++ 2M", steps: 30, cfg_scale: 6.5, width: 768, height: 1024, seed: -1 } })
    expect(w.tokens).toEqual(["http://mido.test tok_flag_123456789"])
  })

  it("a failed task prints the reason and the refund on stderr (exit 1); polling when the server has no events", async () => {
    const w = world("none", { ...running(50), status: "failed", reason: "引擎不可用", refunded: 8 })
    expect(await run(`generate --prompt x --checkpoint m ${SERVER}`, w)).toMatchObject({ code: 1, out: [expect.any(String), "失败"], err: ["失败：引擎不可用，已退还 8 米豆"] })
  })

  it("a batch that partly failed still exits 0 and says what was refunded", async () => {
    const w = world(taskEvents({ ...done, images: [image(3101)], refunded: 4, reason: "第 2 张生成失败" }))
    expect(await run(`generate --prompt x --checkpoint m --num 2 ${SERVER}`, w)).toMatchObject({ code: 0, err: ["部分失败：第 2 张生成失败，已退还 4 米豆"] })
  })

  it("Ctrl-C stops the watch, asks the server to cancel the task and exits 130", async () => {
    const w = world(Stream.concat(taskEvents(queued(1), running(40)), Stream.never))
    const result = await run(`generate --prompt x --checkpoint m ${SERVER}`, w, (line, abort) => line.startsWith("绘制中") && abort())
    expect(result).toMatchObject({ code: INTERRUPTED_EXIT, err: ["已中断，任务已取消，已退还 8 米豆（interrupted, task cancelled）"] })
    expect(w.http.requests.at(-1)).toMatchObject({ url: "/api/v2/task/cancel", body: { value: { id: ID } } })
    expect(w.sse.open()).toBe(0)
  })

  it("-401 while watching: asks to log in again (exit 1)", async () => {
    const w = world("refuse401")
    expect(await run(`generate --prompt x --checkpoint m ${SERVER}`, w)).toMatchObject({ code: 1, err: ["登录已失效，请重新登录（请先登录）"] })
  })

  it.each([
    ["no server", "generate --prompt x", /--server/],
    ["an unknown type", `generate --type video --prompt x ${SERVER}`, /--type 只能是 sd \/ quick \/ quick_mj \/ agent（--type must be one of/],
    ["no prompt", `generate --type sd ${SERVER}`, /请用 --prompt 指定提示词（--prompt is required）/],
    ["a step count that is not a number", `generate --prompt x --steps many ${SERVER}`, /--steps 需为整数（--steps must be an integer）/],
    ["a malformed size", `generate --prompt x --size big ${SERVER}`, /--size 格式应为 宽x高/],
    ["a flag of another type", `generate --type agent --prompt x --steps 3 ${SERVER}`, /不认识参数 --steps（unknown flag --steps for --type agent）/],
    ["steps out of the contract's range", `generate --prompt x --checkpoint m --steps 500 ${SERVER}`, /迭代步数需在 1 到 150 之间（steps）/],
    ["a quick task without a style", `generate --type quick ${SERVER}`, /请用 --style 指定风格/]
  ])("exits 2 for %s, with the message on stderr and nothing submitted", async (_name, argv, message) => {
    const w = world(taskEvents(done))
    const result = await run(argv, w)
    expect(result.code).toBe(2)
    expect(result.err.join("\n")).toMatch(message)
    expect(w.http.requests.filter((request) => request.url === "/api/v2/task/submit")).toEqual([])
  })

  it.each([
    ["quick", "--type quick --style 水彩 --ratio 3:4 --hd", { type: "quick", style_name: "水彩", style_group: "default", ratio: "3:4", hd: true }],
    ["quick_mj", '--type quick_mj --prompt "a fox" --version "niji 6"', { type: "quick_mj", prompt: "a fox", version: "niji 6" }],
    ["agent", '--type agent --prompt "a fox" --size 1536x1024 --num 2', { type: "agent", prompt: "a fox", size: "1536x1024", num: 2 }]
  ])("submits a %s task from its own flags", async (_name, flags, body) => {
    const w = world(taskEvents(done))
    expect((await run(`generate ${flags} ${SERVER}`, w)).code).toBe(0)
    expect(w.http.requests[0]).toMatchObject({ url: "/api/v2/task/submit", body: { value: body } })
  })
})

describe("mido tasks", () => {
  it("prints one line per task and the next page's cursor", async () => {
    const w = world("none")
    const result = await run(`tasks --q cat --type sd ${SERVER}`, w)
    expect(result.code).toBe(0)
    expect(result.out).toEqual([
      `${ID}  完成  sd  2026-11-25 20:15:02  a cat`,
      `6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c  排队中 第 2 位  sd  2026-11-25 20:15:02  ${"x".repeat(39)}…`,
      "下一页：--cursor c2"
    ])
    expect(w.http.requests[0]).toMatchObject({ url: "/api/v2/task/list", query: { q: "cat", type: "sd" } })
  })

  it("a bad filter is refused with the schema's message (exit 2)", async () => {
    expect(await run(`tasks --from yesterday ${SERVER}`, world("none"))).toMatchObject({ code: 2, err: [expect.stringContaining("日期格式应为 YYYY-MM-DD")] })
  })
})
