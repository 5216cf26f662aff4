import { envelope, makeMemoryServerEvents, taskEvents } from "@mido/core/testing"
import { Stream } from "effect"
import { toolSpecOf } from "@mido/core/generation"
import { afterEach, describe, expect, it, vi } from "vitest"
import { startupAnswers } from "../../../test/fixtures.js"
import { type Answers, loggedIn, makeWorld, type World } from "../../../test/world.js"
import { resultLabelsOf } from "./toolResults.js"

const ID = "0b7c6a52-3f1e-4d8a-9c2b-5e4f1a2b3c4d"
const SOURCE = "https://oss.test/uploads/u/7/2026-11/photo.png"
const MASK = "https://oss.test/uploads/u/7/2026-11/mask.png"
const RESULT = "https://oss.test/uploads/generated/u/7/x/1.png"
const params = { type: "tool", tool: "element-elimination", image_url: SOURCE, mask_url: MASK, options: { method: "telea", radius: 5 } }
const task = (over: Record<string, unknown> = {}) => ({
  id: ID, type: "tool", tool: "element-elimination", status: "queued", position: 1, progress: 0, images: [], num: 1, cost: 4, refunded: 0,
  prompt: "", engine: "本地演示引擎", params, created_at: "2026-11-26 20:15:02", ...over
})
const done = task({ status: "succeeded", position: undefined, progress: 100, images: [{ artwork_id: 91, url: RESULT, width: 240, height: 180 }] })

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const open = (events: Parameters<typeof makeMemoryServerEvents>[0], extra: Answers = {}, offline = true) => {
  const sse = makeMemoryServerEvents(events)
  world = makeWorld({
    stored: loggedIn(),
    host: { serverEvents: sse.events },
    answers: {
      ...startupAnswers,
      "/api/v1/user/points": () => envelope(0, { balance: 100, today_consumed: 0 }),
      "/api/v2/quick/task/points": () => envelope(0, { points: 4, balance: 100 }),
      "/api/v2/task/catalog": () => envelope(0, { engine: "本地演示引擎", offline, checkpoints: [], loras: [], samplers: [], schedulers: [], upscalers: [] }),
      "/api/v1/base/upload": () => envelope(0, { url: MASK, key: "u/7/2026-11/mask.png" }),
      "/api/v2/task/submit": () => envelope(0, task()),
      ...extra
    }
  })
  return world
}

const mask = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: "image/png" })

describe("ToolStore: one tool page's source, options, mask, run and result (issue 15)", () => {
  it("element-elimination: waits for a source and a mask, uploads the mask, submits the tool with its options and shows the result", async () => {
    const { store, boot, calls } = open(() => taskEvents(task(), done))
    await boot()
    const tools = await store.toolStore()
    tools.open("element-elimination")
    expect(tools.options).toEqual({ method: "telea", radius: 5 })
    expect(tools.missing).toBe("请先上传图片")
    tools.setSource(SOURCE)
    expect(tools.missing).toBe("请先涂抹要去除的区域")
    tools.setMask(mask())
    expect(tools.missing).toBeNull()
    await vi.waitFor(() => expect(tools.cost.points).toBe(4))
    expect(calls("/api/v2/quick/task/points")[0]?.body).toEqual({ kind: "json", value: { type: "tool", num: 1, tool: "element-elimination" } })

    await tools.run()
    const upload = calls("/api/v1/base/upload")[0]?.body as { kind: string; fields: ReadonlyArray<{ name: string; value?: string; fileName?: string }> }
    expect(upload.fields.map((field) => [field.name, field.value ?? field.fileName])).toEqual([["file", "mask.png"], ["scene", "tool"]])
    const submitted = (calls("/api/v2/task/submit")[0]?.body as { value: Record<string, unknown> }).value
    expect(submitted).toMatchObject({ type: "tool", tool: "element-elimination", image_url: SOURCE, mask_url: MASK, options: { method: "telea", radius: 5 } })
    await vi.waitFor(() => expect(tools.result?.url).toBe(RESULT))
    expect([tools.before, tools.running]).toEqual([SOURCE, false])
    expect(tools.useAs("hd-repair")).toBe(`/tools/hd-repair?image=${encodeURIComponent(RESULT)}`)
    expect(tools.otherTools.map((tool) => tool.key)).not.toContain("element-elimination")
  })

  it("redraw offline is blocked before any bean: the catalogue's message, a warning on run, nothing uploaded or submitted", async () => {
    const { store, boot, calls, toasts } = open(() => Stream.never)
    await boot()
    const tools = await store.toolStore()
    tools.open("redraw")
    tools.setSource(SOURCE)
    tools.setMask(mask())
    tools.setPrompt("向日葵")
    await vi.waitFor(() => expect(tools.blocked).toBe("局部重绘需要接入绘画引擎，当前为离线模式，未扣除米豆"))
    expect(await tools.run()).toBeNull()
    expect(toasts()).toContain("warning:局部重绘需要接入绘画引擎，当前为离线模式，未扣除米豆")
    expect([calls("/api/v1/base/upload").length, calls("/api/v2/task/submit").length]).toEqual([0, 0])
  })

  it("redraw with an engine runs; hd-repair is never blocked offline", async () => {
    const { store, boot } = open(() => Stream.never, {}, false)
    await boot()
    const tools = await store.toolStore()
    tools.open("redraw")
    await vi.waitFor(() => expect(tools.offline).toBe(false))
    expect(tools.blocked).toBeNull()
    tools.open("hd-repair")
    expect(tools.blocked).toBeNull()
  })

  it("redraw takes the work store's reward image once (spec: Reward image); ?image= of another page wins", async () => {
    const { store, boot } = open(() => Stream.never)
    await boot()
    store.work.setRewardImage(RESULT)
    const tools = await store.toolStore()
    tools.open("redraw")
    expect(tools.source).toBe(RESULT)
    expect(store.work.rewardImage).toBeNull()
    tools.open("hd-repair", { image: SOURCE })
    expect(tools.source).toBe(SOURCE)
  })

  it("从资产库选择: the picked work's picture becomes the source, the picker closes", async () => {
    const { store, boot } = open(() => Stream.never, {
      "/api/v2/artwork/list": () => envelope(0, { list: [], total: 0 })
    })
    await boot()
    const tools = await store.toolStore()
    tools.open("hd-repair")
    tools.picker.show()
    expect(tools.picker.open).toBe(true)
    tools.picker.pick({ id: 5, cover: RESULT } as never)
    expect([tools.source, tools.picker.open]).toEqual([RESULT, false])
  })

  it("a source of another type is refused with the spec's message and nothing is sent", async () => {
    const { store, boot, calls, toasts } = open(() => Stream.never)
    await boot()
    const tools = await store.toolStore()
    tools.open("hd-repair")
    await tools.upload({ name: "a.gif", type: "image/gif", size: 10, blob: new Blob(["GIF89a"]) })
    expect(toasts()).toContain("error:只能上传 png, jpg, jpeg 格式的图片")
    expect(tools.source).toBeNull()
    expect(calls("/api/v1/base/oss_token")).toHaveLength(0)
  })

  it("取消 shows the cancelled run with its refund; a logout empties the page", async () => {
    const cancelled = task({ status: "cancelled", position: undefined, refunded: 4 })
    const { store, boot } = open(() => Stream.concat(taskEvents(task()), Stream.never), { "/api/v2/task/cancel": () => envelope(0, cancelled) })
    await boot()
    const tools = await store.toolStore()
    tools.open("element-elimination")
    tools.setSource(SOURCE)
    tools.setMask(mask())
    await tools.run()
    expect(tools.running).toBe(true)
    await tools.cancel()
    expect(tools.task).toMatchObject({ status: "cancelled", refunded: 4 })
    expect(tools.running).toBe(false)
    tools.reset()
    expect([tools.tool, tools.source, tools.task]).toEqual([null, null, null])
  })
})

describe("ToolStore: 智能抠图's subject box (the box option, TL5)", () => {
  const submittedOptions = (calls: World["calls"], index: number) => (calls("/api/v2/task/submit")[index]?.body as { value: { options: Record<string, unknown> } }).value.options

  it("a drawn box goes into the submitted task as rounded fractions; cleared, the task has none (the auto rectangle)", async () => {
    const { store, boot, calls } = open(() => Stream.never, { "/api/v2/task/submit": () => envelope(0, task({ tool: "discount" })) })
    await boot()
    const tools = await store.toolStore()
    tools.open("discount")
    tools.setSource(SOURCE)
    tools.setBox({ x: 0.04213, y: 0.2504, width: 0.5, height: 0.61234 })
    expect(tools.box).toEqual({ x: 0.042, y: 0.25, width: 0.5, height: 0.612 })
    expect([tools.boxProblem, tools.missing]).toEqual([null, null])
    await tools.run()
    expect(submittedOptions(calls, 0)).toEqual({ feather: 2, box: "0.042,0.25,0.5,0.612" })

    tools.backToEdit()
    tools.setBox(null)
    expect(tools.box).toBeNull()
    await tools.run()
    expect(submittedOptions(calls, 1)).toEqual({ feather: 2 })
  })

  it("a box dragged past the picture's edge is kept inside it", async () => {
    const { store, boot } = open(() => Stream.never)
    await boot()
    const tools = await store.toolStore()
    tools.open("discount")
    tools.setSource(SOURCE)
    tools.setBox({ x: 0.6667, y: -0.1, width: 0.5, height: 0.3 })
    expect(tools.options.box).toBe("0.667,0,0.333,0.3")
  })

  it("a box too small for a subject is refused with the core's message and not sent; the next good box clears the message", async () => {
    const { store, boot } = open(() => Stream.never)
    await boot()
    const tools = await store.toolStore()
    tools.open("discount")
    tools.setSource(SOURCE)
    tools.setBox({ x: 0.2, y: 0.2, width: 0.5, height: 0.5 })
    tools.setBox({ x: 0.3, y: 0.3, width: 0.01, height: 0.4 })
    expect(tools.boxProblem).toBe("主体范围太小，请框出更大的区域（宽和高至少为图片的 2%）")
    expect([tools.box, tools.options]).toEqual([null, { feather: 2 }])
    tools.setBox({ x: 0.3, y: 0.3, width: 0.2, height: 0.4 })
    expect([tools.boxProblem, tools.options.box]).toEqual([null, "0.3,0.3,0.2,0.4"])
  })

  it("a new source clears the box (it was drawn on the other picture); the other options stay", async () => {
    const { store, boot } = open(() => Stream.never)
    await boot()
    const tools = await store.toolStore()
    tools.open("discount")
    tools.setSource(SOURCE)
    tools.setOption("feather", 6)
    tools.setBox({ x: 0.1, y: 0.1, width: 0.5, height: 0.5 })
    tools.setSource(RESULT)
    expect([tools.box, tools.options]).toEqual([null, { feather: 6 }])
  })

  it("a tool without a box option ignores setBox", async () => {
    const { store, boot } = open(() => Stream.never)
    await boot()
    const tools = await store.toolStore()
    tools.open("hd-repair")
    tools.setBox({ x: 0.1, y: 0.1, width: 0.5, height: 0.5 })
    expect([tools.box, tools.options]).toEqual([null, { scale: 2, method: "esrgan" }])
  })
})

describe("resultLabelsOf: style-avatar's results named by their style", () => {
  it.each([
    ["style-avatar", "cartoon,film", 2, ["卡通", "胶片"]],
    ["style-avatar", "sketch,posterize,film", 3, ["素描", "色块", "胶片"]],
    ["hd-repair", undefined, 1, [""]]
  ] as const)("%s %s", (tool, styles, count, expected) => {
    const options: Record<string, string> = styles === undefined ? {} : { styles }
    const submit = { type: "tool" as const, tool, image_url: SOURCE, options }
    expect(resultLabelsOf(toolSpecOf(tool), submit, count)).toEqual(expected)
  })
})
