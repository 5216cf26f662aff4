import { describe, expect, it } from "vitest"
import type { RunControl } from "../../src/adapters/engine/imageEnginePort.js"
import { fakePng } from "../engineFakes/fakePng.js"
import { control, engineOn, failureOf, nodesOf, request, start } from "./comfyTestKit.js"

// ComfyUI as it ships (Comfy-Org/ComfyUI server.py, comfy/cli_args.py, latent_preview.py) and behind
// an authenticating proxy: the answers the adapter has to live with.

const abortOnFirstStep = () => {
  const abort = new AbortController()
  const run: RunControl = { signal: abort.signal, onProgress: () => abort.abort() }
  return run
}

describe("ComfyUI as it ships", () => {
  it("without --preview-method ComfyUI sends no preview frames: progress still rises, no preview is made up", async () => {
    const fake = await start()
    const { run, seen } = control()
    await engineOn(fake).txt2img({ ...request, count: 1 }, run)
    expect(seen.some((each) => each.percent > 0 && each.percent < 100)).toBe(true)
    expect(seen.filter((each) => each.preview !== undefined)).toEqual([])
  })

  it("a cancel's empty 200 answers from POST /queue and /interrupt are success: the failure carries no cancel problem", async () => {
    const fake = await start(40)
    const error = await failureOf(engineOn(fake).txt2img(request, abortOnFirstStep()))
    expect(error.kind).toBe("interrupted")
    expect(fake.requests.filter((each) => each.method === "POST" && (each.path === "/queue" || each.path === "/interrupt")).map((each) => each.path)).toEqual(["/queue", "/interrupt"])
    expect(error.detail ?? "").not.toContain("cancel failed")
  })

  it("a cancel ComfyUI refuses is not swallowed: the failure's detail says which call failed", async () => {
    const fake = await start(40)
    fake.fail("queue-500")
    const error = await failureOf(engineOn(fake).txt2img(request, abortOnFirstStep()))
    expect([error.kind, error.reason]).toEqual(["interrupted", "绘画已中断"])
    expect(error.detail).toContain("cancel failed: POST /queue: transient: 绘画引擎暂时不可用 (HTTP 500")
    // the interrupt is still sent: our prompt is the one running
    expect(fake.requests.some((each) => each.path === "/interrupt")).toBe(true)
  })

  it("behind a proxy: the token goes as Authorization: Bearer on every call and on the progress socket", async () => {
    // steps of 40 ms, as the other socket tests: a job of 3-ms steps could end before a busy machine's socket is open
    const fake = await start({ token: "s3cret", previewMethod: "auto", stepMs: 40 })
    const { run, seen } = control()
    const engine = engineOn(fake, { headers: { authorization: "Bearer s3cret" } })
    await engine.img2img({ ...request, count: 1, init: await fakePng("init", 40, 40), denoisingStrength: 0.5 }, run)
    expect(await engine.health()).toEqual({ ok: true })
    expect((await engine.catalog()).checkpoints.length).toBeGreaterThan(0)
    expect(fake.requests.filter((each) => each.unauthorised)).toEqual([])
    expect(fake.socketRefusals()).toBe(0)
    // previews come over the socket only: the socket was let in
    expect(seen.some((each) => each.preview !== undefined)).toBe(true)
  })

  it("behind a proxy without the token: the task fails as an auth failure, not a crash", async () => {
    const fake = await start({ token: "s3cret" })
    const error = await failureOf(engineOn(fake).txt2img({ ...request, count: 1 }, control().run))
    expect([error.kind, error.reason]).toEqual(["unavailable", "引擎鉴权失败"])
  })

  it("the hires upscaler is honoured: an upscale model enlarges the decoded image before the second pass", async () => {
    const fake = await start()
    const result = await engineOn(fake).txt2img({ ...request, count: 1, hires: { scale: 1.5, upscaler: "4x-UltraSharp.pth", steps: 3, denoising: 0.35 } }, control().run)
    expect(nodesOf(fake, "UpscaleModelLoader").map((node) => node.inputs.model_name)).toEqual(["4x-UltraSharp.pth"])
    expect(nodesOf(fake, "ImageUpscaleWithModel")).toHaveLength(1)
    expect(nodesOf(fake, "ImageScale")[0]!.inputs).toMatchObject({ width: 144, height: 96 })
    expect(nodesOf(fake, "LatentUpscaleBy")).toHaveLength(0)
    expect(nodesOf(fake, "KSampler").map((node) => [node.inputs.steps, node.inputs.denoise])).toEqual([[6, 1], [3, 0.35]])
    expect([result.images[0]!.width, result.images[0]!.height]).toEqual([144, 96])
    await engineOn(fake).txt2img({ ...request, count: 1, hires: { scale: 2, upscaler: "Latent (bicubic)", steps: 0, denoising: 0.5 } }, control().run)
    expect(nodesOf(fake, "LatentUpscaleBy")[0]!.inputs).toMatchObject({ upscale_method: "bicubic", scale_by: 2 })
  })
})
