import { spawn } from "node:child_process"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const bin = fileURLToPath(new URL("../bin/mido.js", import.meta.url))
const TOKEN = "tok_harness_0123456789"
const seen: Array<{ method: string; url: string; authorization: string | undefined; source: string | undefined; body: string }> = []

/** A stand-in server speaking the contract's envelope, enough for the harness commands. */
let server: Server
let baseUrl = ""
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ""
    req.on("data", (chunk) => (body += chunk))
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization, source: req.headers.source as string | undefined, body })
      const reply = (code: number, data: unknown, msg = "success") => {
        res.writeHead(200, { "content-type": "application/json" })
        res.end(JSON.stringify({ code, msg, data }))
      }
      const path = (req.url ?? "").split("?")[0]
      if (path === "/api/v1/user/points") return req.headers.authorization === `Bearer ${TOKEN}` ? reply(0, { balance: 2680, today_consumed: 120 }) : reply(-401, null, "请先登录")
      if (path === "/api/v1/user/message/list") return reply(0, { list: [], total: 0 })
      if (path === "/api/v1/open/base/login") return JSON.parse(body).code === "123456" ? reply(0, { token: TOKEN, is_register: true }) : reply(1002, null, "验证码错误")
      if (path === "/api/v1/user/info") return reply(0, { uid: 1, avatar: "", nickname: "米豆用户", is_vip: false, vip_level: 0, vip_name: "", vip_expired_at_str: "", invite_code: "ABCD", invite_user_id: 0, invite_user_name: "", nid: "1", phone: "138****0000" })
      if (path === "/api/v1/open/config/app_config") return reply(0, { list: [{ key: "points.first-post", value: 50 }] })
      reply(404, null, "not found")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const mido = (args: ReadonlyArray<string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bin, ...args])
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk) => (stdout += chunk))
    child.stderr.on("data", (chunk) => (stderr += chunk))
    child.on("close", (code) => resolve({ code, stdout, stderr }))
  })

describe("mido api / mido login against a live server on loopback", () => {
  it("calls a route by name with the token and prints the decoded data", async () => {
    const result = await mido(["api", "user.points", "--base-url", baseUrl, "--token", TOKEN])
    expect([result.code, JSON.parse(result.stdout)]).toEqual([0, { balance: 2680, today_consumed: 120 }])
    expect(seen.at(-1)).toMatchObject({ method: "GET", authorization: `Bearer ${TOKEN}`, source: "PC" })
  })

  it("sends query numbers as text and decodes pages", async () => {
    const result = await mido(["api", "/api/v1/user/message/list", "--base-url", baseUrl, "--token", TOKEN, "--json", '{"page":2,"size":20,"type":"like"}'])
    expect(result.code).toBe(0)
    expect(seen.at(-1)?.url).toBe("/api/v1/user/message/list?page=2&size=20&type=like")
  })

  it.each([
    ["-401 as a typed error, exit 1", ["api", "user.points"], 1, { error: "Unauthorized", code: -401, msg: "请先登录" }],
    ["a malformed answer as a DecodeError naming the field, exit 1", ["api", "commerce.appConfig"], 1, { error: "DecodeError", field: "list.0.value" }]
  ] as const)("prints %s", async (_name, args, code, error) => {
    const result = await mido([...args, "--base-url", baseUrl])
    expect(result.code).toBe(code)
    expect(JSON.parse(result.stderr)).toMatchObject(error)
  })

  it.each([
    ["an unknown route", ["api", "user.nope", "--base-url", "http://127.0.0.1:9"], /unknown route/],
    ["bad input for the route", ["api", "user.coinList", "--base-url", "http://127.0.0.1:9", "--json", '{"page":-1}'], /bad input/],
    ["no base URL", ["api", "user.info"], /usage/]
  ] as const)("exits 2 for %s", async (_name, args, message) => {
    const result = await mido(args)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
  })

  it("logs in and prints the token", async () => {
    const result = await mido(["login", "--phone", "13800000000", "--code", "123456", "--base-url", baseUrl])
    expect([result.code, result.stdout.trim()]).toEqual([0, TOKEN])
  })

  it("a wrong code prints the server's message, exit 1", async () => {
    const result = await mido(["login", "--phone", "13800000000", "--code", "000000", "--base-url", baseUrl])
    expect([result.code, result.stderr.trim()]).toEqual([1, "验证码错误"])
  })
})
