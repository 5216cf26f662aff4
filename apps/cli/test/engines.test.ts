import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runEngines } from "../src/commands/engines.js"

/** `mido engines` against a stand-in answering /healthz?detail=engines as the server does (engineReport.ts). */
const TOKEN = "health-token-0123456789"
const report = {
  status: "engines need attention",
  ok: false,
  engines: [
    { kind: "offline", label: "本地演示引擎", tasks: ["quick", "agent"], answers: true, catalog: { checkpoints: ["本地演示·水彩"], loras: [], samplers: ["Euler a"], schedulers: ["Automatic"], upscalers: ["Lanczos"] }, problems: [], notes: [] },
    { kind: "mj-proxy", label: "Midjourney", tasks: ["quick_mj"], answers: true, catalog: { checkpoints: ["v7", "niji 6"], loras: [], samplers: [], schedulers: [], upscalers: [] }, problems: [], notes: [] },
    { kind: "a1111", label: "Stable Diffusion WebUI", tasks: ["sd"], answers: false, problems: [{ zh: "引擎没有应答（…）：请确认 WebUI 已用 --api 启动", en: "The engine does not answer (…): check that the WebUI runs with --api" }], notes: [] }
  ]
}
let server: Server
let baseUrl = ""
beforeAll(async () => {
  server = createServer((req, res) => {
    const allowed = req.url === "/healthz?detail=engines" && req.headers["x-mido-health-token"] === TOKEN
    res.writeHead(allowed ? 503 : 403, { "content-type": "application/json" })
    res.end(JSON.stringify(allowed ? report : { status: "forbidden" }))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const run = async (options: Record<string, string>, env: Record<string, string> = {}) => {
  const out: string[] = []
  const err: string[] = []
  const code = await runEngines(new Map(Object.entries(options)), { out: (line) => out.push(line), err: (line) => err.push(line), env })
  return { code, out, err }
}

describe("mido engines", () => {
  it("prints each engine's state, catalogue (MJ versions for the proxy) and problems in both languages; exit 1 when one needs attention", async () => {
    const result = await run({ server: baseUrl }, { MIDO_HEALTH_TOKEN: TOKEN })
    expect(result.code).toBe(1)
    expect(result.out).toEqual([
      "✓ 本地演示引擎 [offline] — quick, agent",
      "    应答正常 / answers",
      "    模型 / checkpoints (1): 本地演示·水彩",
      "    LoRA (0): —",
      "    采样方法 / samplers (1): Euler a",
      "    调度类型 / schedulers (1): Automatic",
      "    放大算法 / upscalers (1): Lanczos",
      "✓ Midjourney [mj-proxy] — quick_mj",
      "    应答正常 / answers",
      "    MJ 版本 / versions (2): v7, niji 6",
      "✗ Stable Diffusion WebUI [a1111] — sd",
      "    没有应答 / does not answer",
      "    问题：引擎没有应答（…）：请确认 WebUI 已用 --api 启动",
      "    Problem: The engine does not answer (…): check that the WebUI runs with --api",
      "有引擎需要处理 / some engine needs attention"
    ])
  })

  it("says plainly when the token is wrong or missing", async () => {
    expect(await run({ server: baseUrl, "health-token": "wrong-token-0123456789" })).toMatchObject({ code: 1, err: ["令牌不对 / the token is wrong (forbidden)"] })
    expect((await run({ server: baseUrl })).code).toBe(2)
  })
})
