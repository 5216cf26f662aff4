import sharp from "sharp"
import { afterEach, describe, expect, it } from "vitest"
import { makeA1111Engine } from "../../src/adapters/engine/a1111/a1111Engine.js"
import { EngineError, type EngineProgress, type TextToImage } from "../../src/adapters/engine/imageEnginePort.js"
import { startA1111Fake, type A1111Fake } from "../engineFakes/a1111Fake.js"

// A WebUI that other clients use too (its own UI, a script, another app): one queue, one global
// interrupt. A Mido task must neither see their job nor stop it.

const fakes: Array<A1111Fake> = []
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()))
})

const request: TextToImage = { prompt: "一只猫", negativePrompt: "", loras: [], steps: 20, cfgScale: 7, width: 64, height: 64, seed: 7, count: 1 }

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time")
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

const setup = async () => {
  const fake = await startA1111Fake({ stepMs: 10 })
  fakes.push(fake)
  return { fake, engine: makeA1111Engine({ baseUrl: fake.url, progressPollMs: 10 }) }
}

const oursIn = (fake: A1111Fake) => fake.jobs.find((job) => job.client === "forced")

describe("Stable Diffusion WebUI shared with other clients", () => {
  it("shows a Mido task only its own progress and previews, none of another client's job it waits behind", async () => {
    const { fake, engine } = await setup()
    const other = await fake.busyWith(30)
    const seen: Array<EngineProgress & { otherRunning: boolean }> = []
    // our job draws for ~1 s (100 steps of 10 ms): on a loaded CI machine one poll with its JPEG preview
    // took longer than the 200 ms of 20 steps, and the job ended before any preview was seen
    const result = await engine.txt2img({ ...request, steps: 100 }, { signal: new AbortController().signal, onProgress: (progress) => seen.push({ ...progress, otherRunning: !other.job.done }) })
    expect(result.images).toHaveLength(1)

    expect(seen.filter((each) => each.otherRunning)).toEqual([])
    const previews = seen.flatMap((each) => (each.preview === undefined ? [] : [Buffer.from(each.preview)]))
    expect(previews.length).toBeGreaterThan(0)
    const ours = await sharp(await fake.previewOf(oursIn(fake)!.id)).jpeg().toBuffer()
    expect(previews.every((preview) => preview.equals(ours))).toBe(true)
    // the global progress knows no task: it is never asked
    expect(fake.requests.some((each) => each.path === "/sdapi/v1/progress")).toBe(false)
  })

  it("every request carries a fresh force_task_id of its own", async () => {
    const { fake, engine } = await setup()
    await engine.txt2img({ ...request, steps: 2 }, { signal: new AbortController().signal, onProgress: () => {} })
    await engine.txt2img({ ...request, steps: 2 }, { signal: new AbortController().signal, onProgress: () => {} })
    const ids = fake.requests.filter((each) => each.path === "/sdapi/v1/txt2img").map((each) => each.body.force_task_id)
    expect(ids).toHaveLength(2)
    expect(new Set(ids).size).toBe(2)
    expect(fake.requests.filter((each) => each.path === "/internal/progress").every((each) => ids.includes(each.body.id_task))).toBe(true)
  })

  it("a cancel while another client's job draws never interrupts it; ours is interrupted once it becomes active", async () => {
    const { fake, engine } = await setup()
    // the other client's job draws for ~1 s, so "at once" (under 600 ms) and "after it" stay apart on a loaded machine
    const other = await fake.busyWith(100)
    const abort = new AbortController()
    const drawing = engine.txt2img(request, { signal: abort.signal, onProgress: () => {} })
    await until(() => oursIn(fake) !== undefined)
    const began = Date.now()
    abort.abort()
    const error = await drawing.then(() => undefined, (caught: unknown) => caught)
    expect(error).toBeInstanceOf(EngineError)
    expect((error as EngineError).kind).toBe("interrupted")
    // the cancel answers at once; the other client's job is still drawing and stays untouched
    expect(Date.now() - began).toBeLessThan(600)
    expect(other.job.done).toBe(false)

    const answer = (await other.answer) as { images: Array<string> }
    expect(answer.images).toHaveLength(1)
    expect([other.job.interrupted, other.job.step]).toEqual([false, 100])
    // the WebUI still runs our request (its client has gone); it is stopped as soon as it is active
    const ours = oursIn(fake)!
    await until(() => ours.done)
    expect(ours.interrupted).toBe(true)
    expect(ours.step).toBeLessThan(request.steps)
    expect(fake.interrupts()).toBe(1)
  })

  it("a deadline passing while queued behind another client's job ends as timeout without touching that job", async () => {
    const { fake, engine } = await setup()
    const other = await fake.busyWith(40)
    const error = await engine.txt2img(request, { signal: AbortSignal.timeout(100), onProgress: () => {} }).then(() => undefined, (caught: unknown) => caught)
    expect((error as EngineError).kind).toBe("timeout")
    await other.answer
    expect(other.job.interrupted).toBe(false)
    await until(() => oursIn(fake)?.done === true)
    expect(oursIn(fake)!.interrupted).toBe(true)
  })

  it("a task cancelled before its request left is never sent, and nothing is interrupted", async () => {
    const { fake, engine } = await setup()
    const abort = new AbortController()
    abort.abort()
    const error = await engine.txt2img(request, { signal: abort.signal, onProgress: () => {} }).then(() => undefined, (caught: unknown) => caught)
    expect((error as EngineError).kind).toBe("interrupted")
    expect(fake.requests).toEqual([])
  })
})
