import { spawnSync } from "node:child_process"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { EngineRegistry, ImageEngine } from "../src/adapters/engine/imageEnginePort.js"
import { makeOfflineEngine } from "../src/adapters/engine/offline/offlineEngine.js"
import { fakeEngine } from "./generationFakeEngine.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { builtServer } from "./builtEntry.js"

/**
 * Issue 26 item 7: the operator's engine check. GET /healthz?detail=engines answers, to the holder of
 * MIDO_HEALTH_TOKEN only, per engine whether it answers, its catalogue and what is wrong (Chinese and
 * English), with internal addresses taken out; `npm run engines` prints the same from the environment.
 */
const TOKEN = "health-token-0123456789"
let server: TestServer
const offline = makeOfflineEngine()
const drawing = fakeEngine().engine
const comfyDown: ImageEngine = {
  ...drawing,
  kind: "comfyui",
  label: "ComfyUI",
  health: () => Promise.resolve({ ok: false, detail: "connect ECONNREFUSED 10.0.0.5:8188 (GET http://10.0.0.5:8188/system_stats)" }),
  catalog: () => Promise.reject(new Error("GET http://10.0.0.5:8188/object_info failed"))
}
const webuiEmpty: ImageEngine = {
  ...drawing,
  kind: "a1111",
  label: "Stable Diffusion WebUI",
  health: () => Promise.resolve({ ok: true }),
  catalog: () => Promise.resolve({ checkpoints: [], loras: [], samplers: ["Euler a"], schedulers: ["Automatic"], upscalers: ["Lanczos"] })
}
const registry: EngineRegistry = {
  forTask: (type) => (type === "sd" ? webuiEmpty : type === "tool" ? comfyDown : offline),
  all: [offline, webuiEmpty, comfyDown],
  concurrency: () => 1
}

beforeAll(async () => {
  server = await startTestServer({ healthToken: TOKEN }, { engines: registry })
})
afterAll(async () => {
  await server?.stop()
})

const detail = (headers: Record<string, string> = {}) => fetch(`${server.url}/healthz?detail=engines`, { headers })

describe("the engines' detail on /healthz", () => {
  it("stays closed without the token: the plain health answer is unchanged, the detail is 403", async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: "ok" })
    for (const headers of [{}, { "x-mido-health-token": "wrong-token-0123456789" }] as Array<Record<string, string>>) {
      const response = await detail(headers)
      expect(response.status).toBe(403)
      expect(await response.text()).not.toContain("ComfyUI")
    }
  })

  it("tells the operator each engine's state, catalogue and problems, without internal addresses", async () => {
    const response = await detail({ "x-mido-health-token": TOKEN })
    expect(response.status).toBe(503)
    const text = await response.text()
    expect(text).not.toContain("10.0.0.5")
    const body = JSON.parse(text) as { ok: boolean; engines: Array<{ label: string; tasks: string[]; answers: boolean; catalog?: { checkpoints: string[] }; problems: Array<{ zh: string; en: string }> }> }
    expect(body.ok).toBe(false)
    const byLabel = new Map(body.engines.map((engine) => [engine.label, engine]))
    expect(byLabel.get("本地演示引擎")).toMatchObject({ tasks: ["quick", "quick_mj", "agent"], answers: true, problems: [] })
    expect(byLabel.get("本地演示引擎")?.catalog?.checkpoints).toContain("本地演示·水彩")
    expect(byLabel.get("Stable Diffusion WebUI")).toMatchObject({
      tasks: ["sd"],
      answers: true,
      problems: [{ zh: "引擎没有任何模型（checkpoint），画不了图：请把模型放进它的模型目录", en: "It lists no checkpoint, so it cannot draw: put a model in its models folder" }]
    })
    const comfy = byLabel.get("ComfyUI")!
    expect(comfy).toMatchObject({ tasks: ["tool"], answers: false })
    expect(comfy.catalog).toBeUndefined()
    expect(comfy.problems).toEqual([
      {
        zh: "引擎没有应答（connect ECONNREFUSED <address> (GET <address>)）：请确认 ComfyUI 已启动，且 MIDO_COMFYUI_URL 指向它",
        en: "The engine does not answer (connect ECONNREFUSED <address> (GET <address>)): check that ComfyUI runs and MIDO_COMFYUI_URL points at it"
      }
    ])
  })
})

describe("npm run engines", () => {
  it("prints each configured engine's state in both languages and exits 1 when one needs attention", async () => {
    const run = spawnSync(process.execPath, await builtServer("engineCheck"), {
      cwd: new URL("..", import.meta.url).pathname,
      env: { ...process.env, MIDO_ENGINE_SD: "a1111", MIDO_A1111_URL: "http://127.0.0.1:9", MIDO_ENGINE_TIMEOUT_A1111: "5" },
      encoding: "utf8",
      timeout: 60_000
    })
    expect(run.stdout).toContain("✓ 本地演示引擎 [offline] — quick, quick_mj, agent, tool")
    expect(run.stdout).toContain("✗ Stable Diffusion WebUI [a1111] — sd")
    expect(run.stdout).toContain("请确认 WebUI 已用 --api 启动，且 MIDO_A1111_URL 指向它")
    expect(run.stdout).toContain("check that the WebUI runs with --api and MIDO_A1111_URL points at it")
    expect(run.status).toBe(1)
  }, 70_000)
})
