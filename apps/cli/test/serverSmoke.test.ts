import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/**
 * Issue 4 "The core's harness passes a smoke run against the started server": the real server
 * (apps/server's main, as `npm start` runs it) on a fresh PGlite database in a temp DATA_DIR with its
 * demo data, on free loopback ports; then the harness as a user runs it, through its real entry in a
 * child process, so argument parsing, output and exit codes are all covered.
 */

const bin = fileURLToPath(new URL("../bin/mido.js", import.meta.url))
const serverDir = fileURLToPath(new URL("../../server/", import.meta.url))
const PHONE = "19900001234"
const START_TIMEOUT_MS = 240_000

/** Free loopback ports, held open together while probing so that no two are the same. */
const freePorts = async (count: number): Promise<Array<number>> => {
  const probes = Array.from({ length: count }, () => createServer())
  const ports = await Promise.all(probes.map((probe) =>
    new Promise<number>((resolve, reject) => {
      probe.once("error", reject)
      probe.listen(0, "127.0.0.1", () => {
        const address = probe.address()
        resolve(typeof address === "object" && address !== null ? address.port : 0)
      })
    })))
  await Promise.all(probes.map((probe) => new Promise<void>((resolve) => probe.close(() => resolve()))))
  return ports
}

let server: ChildProcess
let dataDir = ""
let baseUrl = ""
let storageOrigin = ""
let log = ""
let userToken = ""
let exited: Promise<number | null>

/** Starts `node --enable-source-maps dist/main.js` (the package's start script; globalSetup built it) and waits for its "listening" line. */
const startServer = async () => {
  const [port, storagePort] = await freePorts(2)
  dataDir = mkdtempSync(join(tmpdir(), "mido-cli-smoke-"))
  baseUrl = `http://127.0.0.1:${port}`
  storageOrigin = `http://127.0.0.1:${storagePort}`
  // none of the developer's own server settings leak in (their database, uploads, secret, proxy)
  const { DATABASE_URL: _database, UPLOAD_DIR: _uploads, MIDO_SECRET: _secret, SEED_DEMO: _seed, TRUST_PROXY: _proxy, ...inherited } = process.env
  server = spawn(process.execPath, ["--enable-source-maps", "dist/main.js"], {
    cwd: serverDir,
    env: {
      ...inherited,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      STORAGE_PORT: String(storagePort),
      PUBLIC_URL: baseUrl,
      STORAGE_URL: storageOrigin,
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, "no-web-build")
    },
    stdio: ["ignore", "pipe", "pipe"]
  })
  exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${log}`)), START_TIMEOUT_MS)
    const read = (chunk: Buffer) => {
      log += chunk.toString("utf8")
      if (log.includes('"message":"米豆AI server listening"')) {
        clearTimeout(timer)
        resolve()
      }
    }
    server.stdout!.on("data", read)
    server.stderr!.on("data", read)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`server exited (${code}) before listening:\n${log}`))
    })
  })
}

beforeAll(startServer, START_TIMEOUT_MS)
afterAll(async () => {
  if (server !== undefined && server.exitCode === null) {
    server.kill("SIGTERM")
    await exited
  }
  if (dataDir !== "") rmSync(dataDir, { recursive: true, force: true })
}, 30_000)

const mido = (args: ReadonlyArray<string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bin, ...args])
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk) => (stdout += chunk))
    child.stderr.on("data", (chunk) => (stderr += chunk))
    child.on("close", (code) => resolve({ code, stdout, stderr }))
  })

/** `mido api ROUTE --base-url … [--json …] [--token …]`, expected to succeed: the decoded data. */
const api = async (route: string, json?: unknown, token?: string) => {
  const result = await mido(["api", route, "--base-url", baseUrl, ...(json === undefined ? [] : ["--json", JSON.stringify(json)]), ...(token === undefined ? [] : ["--token", token])])
  expect(result.stderr).toBe("")
  expect(result.code).toBe(0)
  return JSON.parse(result.stdout) as Record<string, unknown>
}

/** The development sink the server keeps outside production (captcha answers, SMS codes). */
const devSink = async (path: string) => {
  const answer = (await (await fetch(`${baseUrl}${path}`)).json()) as { code: number; data: Record<string, string> }
  expect(answer.code).toBe(0)
  return answer.data
}

// every command is a fresh `node` compiling the core from source (a few seconds each on a busy machine)
describe("mido against the started server (issue 4 smoke run)", { timeout: 180_000 }, () => {
  it("public routes answer and decode: app config, tools, plans, the feed", async () => {
    const config = await api("commerce.appConfig")
    expect((config.list as Array<unknown>).length).toBeGreaterThan(0)
    const tools = await api("commerce.tools")
    expect(tools.list).toHaveLength(7)
    const plans = (await api("/api/v1/open/config/membership_plan/list")).list as Array<{ level: number }>
    expect(plans.map((plan) => plan.level)).toEqual(expect.arrayContaining([1, 2, 3]))
    const feed = await api("artwork.profileList", { size: 20 })
    const items = feed.list as Array<{ cover: string }>
    expect(items).toHaveLength(20)
    // the covers come from the storage origin, as images with nosniff (R20)
    expect(new URL(items[0]!.cover).origin).toBe(storageOrigin)
    const image = await fetch(items[0]!.cover, { method: "HEAD" })
    expect([image.status, image.headers.get("content-type"), image.headers.get("x-content-type-options")]).toEqual([200, "image/jpeg", "nosniff"])
  })

  it("logs in by SMS code through the dev sinks, then makes an authenticated call with the token", async () => {
    await api("login.captcha", { phone: PHONE })
    const { answer } = await devSink(`/api/dev/captcha?phone=${PHONE}`)
    await api("login.sendVerifySms", { phone: PHONE, captcha_code: answer })
    const { code } = await devSink(`/api/dev/sms?phone=${PHONE}`)
    const login = await mido(["login", "--phone", PHONE, "--code", code!, "--base-url", baseUrl])
    expect([login.code, login.stderr]).toEqual([0, ""])
    const token = login.stdout.trim()
    expect(token.length).toBeGreaterThanOrEqual(16)
    const me = await api("user.info", undefined, token)
    expect(me).toMatchObject({ phone: "199****1234" })
    const points = await api("user.points", undefined, token)
    expect(typeof points.balance).toBe("number")
    userToken = token
  })

  it("buys beans through the sandbox payment, then draws with `mido generate` on the offline engine (issue 13)", async () => {
    const packages = (await api("commerce.pointsPackages")).list as Array<{ id: number; points: number }>
    const smallest = packages.reduce((least, item) => (item.points < least.points ? item : least))
    const order = await api("commerce.orderCreate", { type: "points", type_id: smallest.id, pay_method: "alipay" }, userToken)
    const payPage = await (await fetch(`${baseUrl}/api/sandbox/pay?trade_no=${String(order.trade_no)}`)).text()
    const form = payPage.split("<form").find((part) => part.includes("模拟支付成功"))!
    const fields = Object.fromEntries([...form.matchAll(/name="([a-z_]+)" value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]))
    const paid = await fetch(`${baseUrl}/api/sandbox/pay`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() })
    expect(paid.status).toBe(200)
    const before = (await api("user.points", undefined, userToken)).balance as number
    expect(before).toBeGreaterThanOrEqual(smallest.points)
    const cost = (await api("commerce.taskPoints", { type: "sd", num: 1 }, userToken)).points as number

    const drawn = await mido(["generate", "--type", "sd", "--prompt", "山间小屋，晨雾", "--size", "256x256", "--server", baseUrl, "--token", userToken])
    expect([drawn.code, drawn.stderr]).toEqual([0, ""])
    expect(drawn.stdout).toContain("完成")
    const artworks = [...drawn.stdout.matchAll(/作品 (\d+)\s+(\S+)\s+256x256/g)]
    expect(artworks).toHaveLength(1)
    // the PNG is in storage, and the charge is the cost the points call showed
    const png = await fetch(artworks[0]![2]!)
    expect([png.status, png.headers.get("content-type")]).toEqual([200, "image/png"])
    expect((await api("user.points", undefined, userToken)).balance).toBe(before - cost)
  })

  it("refusals exit non-zero with the server's Chinese message", async () => {
    const coupon = await mido(["api", "commerce.couponCheck", "--base-url", baseUrl, "--json", JSON.stringify({ code: "NOSUCHCODE" })])
    expect(coupon.code).toBe(1)
    expect(JSON.parse(coupon.stderr)).toMatchObject({ error: "ApiError", msg: expect.stringMatching(/[\u4e00-\u9fff]/) })
    const wrongCode = await mido(["login", "--phone", "19900005678", "--code", "000000", "--base-url", baseUrl])
    expect(wrongCode.code).toBe(1)
    expect(wrongCode.stderr).toMatch(/[\u4e00-\u9fff]/)
    const anonymous = await mido(["api", "user.info", "--base-url", baseUrl])
    expect(anonymous.code).toBe(1)
    expect(JSON.parse(anonymous.stderr)).toMatchObject({ error: "Unauthorized", code: -401, msg: "请先登录" })
  })

  it("logs out everywhere with `mido api login.logoutEverywhere` (R7): the token is refused afterwards", async () => {
    expect(await api("login.logoutEverywhere", undefined, userToken)).toEqual({ revoked: 1 })
    const after = await mido(["api", "user.info", "--base-url", baseUrl, "--token", userToken])
    expect(after.code).toBe(1)
    expect(JSON.parse(after.stderr)).toMatchObject({ error: "Unauthorized", code: -401, msg: "请先登录" })
  })

  it("stops cleanly on SIGTERM", async () => {
    server.kill("SIGTERM")
    expect(await exited).toBe(0)
  })
})
