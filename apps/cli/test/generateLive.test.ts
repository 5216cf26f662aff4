import { spawn } from "node:child_process"
import { createServer, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

// The real binary against a loopback server speaking the task routes and the event stream: the live
// ServerEvents adapter end to end, and Ctrl-C sent to the process group as a terminal does.
const bin = fileURLToPath(new URL("../bin/mido.js", import.meta.url))
const TOKEN = "tok_live_0123456789"
const ID = "0b7c6a52-3f1e-4d8a-9c2b-5e4f1a2b3c4d"
const params = { type: "sd", prompt: "a cat", checkpoint: "m", sampler: "Euler a", steps: 20, cfg_scale: 7, width: 512, height: 512, seed: 7, num: 1 }
const view = (status: string, more: object = {}) => ({
  id: ID, type: "sd", status, progress: 0, images: [], num: 1, cost: 4, refunded: 0, prompt: "a cat", engine: "本地演示引擎", params, created_at: "2026-11-25 20:15:02", ...more
})
const seen: Array<string> = []
let mode: "finish" | "hang" = "finish"
let server: Server
let baseUrl = ""

const reply = (res: ServerResponse, code: number, data: unknown, msg = "success") => {
  res.writeHead(200, { "content-type": "application/json" })
  res.end(JSON.stringify({ code, msg, data }))
}
const event = (res: ServerResponse, data: unknown) => res.write(`event: task\ndata: ${JSON.stringify(data)}\n\n`)

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0] ?? ""
    seen.push(`${req.method} ${path}`)
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return reply(res, -401, null, "请先登录")
    if (path === "/api/v2/task/submit") return reply(res, 0, view("queued", { position: 1 }))
    if (path === "/api/v2/task/cancel") return reply(res, 0, view("cancelled", { refunded: 4 }))
    if (path !== "/api/v2/task/events") return reply(res, 404, null, "not found")
    res.writeHead(200, { "content-type": "text/event-stream" })
    event(res, view("queued", { position: 1 }))
    res.write(": ping\n\n")
    event(res, view("running", { progress: 45 }))
    if (mode === "hang") return
    event(res, view("succeeded", { progress: 100, images: [{ artwork_id: 3101, url: "https://oss.test/3101.png", width: 512, height: 512 }] }))
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise<void>((resolve) => server.close(() => resolve()))
})

const mido = (args: ReadonlyArray<string>, onOut?: (stdout: string, interrupt: () => void) => void) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { detached: true, env: { ...process.env, MIDO_TOKEN: TOKEN } })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk) => {
      stdout += chunk
      onOut?.(stdout, () => process.kill(-(child.pid ?? 0), "SIGINT"))
    })
    child.stderr.on("data", (chunk) => (stderr += chunk))
    child.on("close", (code) => resolve({ code, stdout, stderr }))
  })

describe("mido generate against a live server", () => {
  it("follows the event stream to the artworks", async () => {
    mode = "finish"
    const result = await mido(["generate", "--prompt", "a cat", "--checkpoint", "m", "--seed", "7", "--server", baseUrl])
    expect(result).toMatchObject({ code: 0, stderr: "" })
    expect(result.stdout.trim().split("\n")).toEqual([
      `已提交任务 ${ID}，消耗 4 米豆（本地演示引擎）`, "排队中 第 1 位", "绘制中 45%", "完成", "作品 3101  https://oss.test/3101.png  512x512"
    ])
  })

  it("Ctrl-C cancels the task on the server and exits 130", async () => {
    mode = "hang"
    seen.length = 0
    let sent = false
    const result = await mido(["generate", "--prompt", "a cat", "--checkpoint", "m", "--server", baseUrl], (stdout, interrupt) => {
      if (!sent && stdout.includes("绘制中 45%")) {
        sent = true
        interrupt()
      }
    })
    expect(result.code).toBe(130)
    expect(result.stderr).toContain("已中断，任务已取消，已退还 4 米豆")
    expect(seen).toEqual(["POST /api/v2/task/submit", "GET /api/v2/task/events", "POST /api/v2/task/cancel"])
  })
})
