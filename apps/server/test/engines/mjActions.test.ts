import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { MjAction } from "../../src/adapters/engine/imageEnginePort.js"
import { makeMjProxyEngine } from "../../src/adapters/engine/mjproxy/mjProxyEngine.js"
import { makeOfflineEngine } from "../../src/adapters/engine/offline/offlineEngine.js"
import { engineErrorOf, mjReferences, pixelAt, recordedRun, textRequest } from "../engineFakes/engineRequests.js"
import { CELL_LONG_SIDE, QUADRANT_COLORS, startMjProxyFake, type MjProxyFake } from "../engineFakes/mjProxyFake.js"

/** MJ actions (U1–U4, V1–V4, 重新生成; ADR 0020) against the midjourney-proxy fake, and offline. */
let fake: MjProxyFake

beforeAll(async () => {
  fake = await startMjProxyFake()
})
afterAll(() => fake.close())
afterEach(() => {
  fake.mode = "ok"
  fake.requests.length = 0
})

const engine = () => makeMjProxyEngine({ baseUrl: fake.url, pollMs: 5, timeoutMs: 3000 })
const grid = textRequest({ count: 4, mj: mjReferences({ aspect: "1:1" }) })
const colorOf = async (bytes: Uint8Array) => (await pixelAt(bytes, 1, 1)).slice(0, 3)

const drawGrid = async (): Promise<string> => {
  const result = await engine().txt2img(grid, recordedRun())
  expect(result.engineTaskId).toMatch(/^\d{16}$/)
  return result.engineTaskId!
}

const action = (gridEngineTaskId: string | undefined, kind: MjAction["action"], index: number): MjAction => ({
  action: kind,
  index,
  grid,
  seed: 99,
  ...(gridEngineTaskId === undefined ? {} : { gridEngineTaskId })
})

describe("midjourney-proxy: /mj/submit/change", () => {
  it("U2 asks for UPSCALE index 2 of the grid and answers candidate 2 alone, bigger", async () => {
    const id = await drawGrid()
    const result = await engine().mjAction!(action(id, "upscale", 2), recordedRun())
    expect(fake.submits().at(-1)?.json).toEqual({ taskId: id, action: "UPSCALE", index: 2 })
    expect(result.images).toHaveLength(1)
    expect({ width: result.images[0]!.width, height: result.images[0]!.height }).toEqual({ width: CELL_LONG_SIDE * 2, height: CELL_LONG_SIDE * 2 })
    expect(await colorOf(result.images[0]!.bytes)).toEqual(QUADRANT_COLORS[1])
    expect(result.engineTaskId).not.toBe(id)
  })

  it("V3 asks for VARIATION index 3 and answers a new grid cut in four; reroll sends no index", async () => {
    const id = await drawGrid()
    const varied = await engine().mjAction!(action(id, "variation", 3), recordedRun())
    expect(fake.submits().at(-1)?.json).toEqual({ taskId: id, action: "VARIATION", index: 3 })
    expect(varied.images).toHaveLength(4)
    expect(await Promise.all(varied.images.map((image) => colorOf(image.bytes)))).not.toEqual(QUADRANT_COLORS)
    const rerolled = await engine().mjAction!(action(id, "reroll", 1), recordedRun())
    expect(fake.submits().at(-1)?.json).toEqual({ taskId: id, action: "REROLL" })
    expect(rerolled.images).toHaveLength(4)
  })

  it("an upscale is no grid: the proxy refuses to change it (关联任务不允许执行变化)", async () => {
    const upscaled = await engine().mjAction!(action(await drawGrid(), "upscale", 1), recordedRun())
    const error = await engineErrorOf(engine().mjAction!(action(upscaled.engineTaskId, "variation", 1), recordedRun()))
    expect([error.kind, error.reason]).toEqual(["rejected", "引擎拒绝了该请求: 关联任务不允许执行变化"])
  })

  it("a grid the proxy no longer knows is code 3 关联任务不存在或已失效: rejected, not 'no account'", async () => {
    const error = await engineErrorOf(engine().mjAction!(action("1700000000000999", "upscale", 1), recordedRun()))
    expect([error.kind, error.reason]).toEqual(["rejected", "Midjourney 上的原图任务已失效，无法继续放大或变体，米豆已退还"])
  })

  it("no grid id, or an index out of 1–4, is refused before the proxy is called", async () => {
    expect((await engineErrorOf(engine().mjAction!(action(undefined, "upscale", 1), recordedRun()))).kind).toBe("rejected")
    expect((await engineErrorOf(engine().mjAction!(action("1700000000000001", "upscale", 5), recordedRun()))).reason).toBe("请选择第 1 到 4 张图")
    expect(fake.submits()).toEqual([])
  })

  it("code 21 (an older proxy's 任务已存在) follows the existing task", async () => {
    const id = await drawGrid()
    const first = await engine().mjAction!(action(id, "upscale", 2), recordedRun())
    fake.mode = "exists"
    const again = await engine().mjAction!(action(id, "upscale", 2), recordedRun())
    expect(again.engineTaskId).toBe(first.engineTaskId)
  })

  it("a plus fork's MODAL (Remix on) ends the task instead of waiting for a form", async () => {
    const plus = await startMjProxyFake({ plus: true })
    try {
      const onPlus = makeMjProxyEngine({ baseUrl: plus.url, pollMs: 5, timeoutMs: 3000 })
      const drawn = await onPlus.txt2img(grid, recordedRun())
      const listed = (await (await fetch(`${plus.url}/mj/task/list-by-condition`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ids: [drawn.engineTaskId] }) })).json()) as Array<{ buttons: Array<{ customId: string }> }>
      expect(listed[0]?.buttons.map((button) => button.customId.split("::")[2])).toContain("upsample")
      plus.mode = "modal"
      const error = await engineErrorOf(onPlus.mjAction!(action(drawn.engineTaskId, "variation", 1), recordedRun()))
      expect(error.kind).toBe("rejected")
      expect(error.reason).toContain("Remix")
    } finally {
      await plus.close()
    }
  })
})

describe("offline engine", () => {
  const offline = makeOfflineEngine()
  const small = textRequest({ count: 2, width: 64, height: 64, seed: 500 })
  const offlineAction = (kind: MjAction["action"], index: number): MjAction => ({ action: kind, index, grid: small, seed: 77 })

  it("U2 is candidate 2 (the grid's seed + 1) upscaled 2×", async () => {
    const drawn = await offline.txt2img(small, recordedRun())
    const upscaled = await offline.mjAction!(offlineAction("upscale", 2), recordedRun())
    expect(upscaled.images).toHaveLength(1)
    expect([upscaled.images[0]!.width, upscaled.images[0]!.height]).toEqual([128, 128])
    // resampled back to 64 px it is candidate 2, not candidate 1
    const shrunk = (await offline.upscale({ image: upscaled.images[0]!.bytes, scale: 0.5 }, recordedRun())).images[0]!.bytes
    const distance = async (other: Uint8Array) => {
      let sum = 0
      for (const [x, y] of [[10, 10], [32, 32], [50, 20], [20, 50]] as const) {
        const [a, b] = [await pixelAt(shrunk, x, y), await pixelAt(other, x, y)]
        sum += a.slice(0, 3).reduce((total, value, channel) => total + Math.abs(value - (b[channel] ?? 0)), 0)
      }
      return sum
    }
    expect(await distance(drawn.images[1]!.bytes)).toBeLessThan(await distance(drawn.images[0]!.bytes))
  })

  it("V1 draws the same prompt with a derived seed; reroll with the action's seed", async () => {
    const varied = await offline.mjAction!(offlineAction("variation", 1), recordedRun())
    expect(varied.images).toHaveLength(2)
    expect(varied.images[0]!.seed).not.toBe(500)
    const rerolled = await offline.mjAction!(offlineAction("reroll", 1), recordedRun())
    expect(rerolled.images[0]!.seed).toBe(77)
  })
})
