import { type ChildProcess, execFile, spawn } from "node:child_process"
import { createWriteStream, readFileSync } from "node:fs"
import { createServer } from "node:net"
import { join } from "node:path"
import { promisify } from "node:util"
import { repoRoot } from "./paths"

/** About 12 s on an idle machine (migrations, then the demo seed renders its pictures); minutes on a busy one. */
const START_TIMEOUT_MS = 300_000

export interface RunningServer {
  readonly baseUrl: string
  readonly stop: () => Promise<void>
}

/** A port nobody listens on right now (the OS picks it; the tiny race with other processes is acceptable here). */
export const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      probe.close(() => resolvePort(port))
    })
  })

const exited = (child: ChildProcess): Promise<void> =>
  new Promise((resolveExit) => {
    if (child.exitCode !== null || child.signalCode !== null) resolveExit()
    else child.once("exit", () => resolveExit())
  })

const tail = (file: string, lines = 40) => readFileSync(file, "utf8").split("\n").slice(-lines).join("\n")

let serverBuild: Promise<unknown> | undefined

/** The server's build (apps/server/build.mjs: dist/, rebuilt only when a source is newer), once per process. */
export const buildServer = (): Promise<unknown> =>
  (serverBuild ??= promisify(execFile)(process.execPath, [join(repoRoot, "apps/server/build.mjs")], { cwd: repoRoot }))

/**
 * Starts the reference server exactly as `npm start` does (compiled, dist/main.js, from the repo root) on a
 * free loopback port (and another for the storage origin) over a fresh PGlite directory, serving `webDist`. Resolves once /healthz answers,
 * which is after the migrations and the demo seeding (about 12 s on a fresh database).
 */
export const startServer = async (options: { dataDir: string; webDist: string; logFile: string; timeoutMs?: number; env?: Readonly<Record<string, string>> }): Promise<RunningServer> => {
  await buildServer()
  const port = await freePort()
  let storagePort = await freePort()
  while (storagePort === port) storagePort = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const log = createWriteStream(options.logFile)
  // nothing of the developer's own server setup leaks in (their database, storage host, secret)
  const { DATABASE_URL: _database, STORAGE_URL: _storage, MIDO_SECRET: _secret, UPLOAD_DIR: _uploads, SEED_DEMO: _seed, ...inherited } = process.env
  const child = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/main.js"], {
    cwd: repoRoot,
    env: {
      ...inherited,
      NODE_ENV: "development", // the dev endpoints (SMS sink, captcha answer, WeChat scan page) exist only outside production
      PORT: String(port),
      STORAGE_PORT: String(storagePort), // uploads are served from their own origin (R20)
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: options.dataDir,
      WEB_DIST: options.webDist,
      // test accounts send their SMS as different clients (session.ts), so the per-IP limit is not the run's
      TRUST_PROXY: "true",
      // offline engine test switches (refused in production, docs/engines.md): only prompts containing
      // 慢速测试 are slowed (so a task can be seen queued / running and cancelled; others run at full
      // speed), and prompts containing 失败测试 are refused by the engine (failure and refund)
      MIDO_OFFLINE_STEP_DELAY_MS: "700",
      MIDO_OFFLINE_SLOW_PROMPT: "慢速测试",
      MIDO_OFFLINE_FAIL_PROMPT: "失败测试",
      // works in review wait for the operator (adminReview.e2e.ts rejects one), not for the demo's approval job
      REVIEW_AUTO_APPROVE: "false",
      // a file's own extra server (livePurchase.e2e.ts: WeChat Pay on its fake; mjActions.e2e.ts: quick_mj on the midjourney-proxy fake)
      ...options.env
    },
    stdio: ["ignore", "pipe", "pipe"]
  })
  child.stdout?.pipe(log)
  child.stderr?.pipe(log)
  // a crashed test runner must not leave a server behind
  const killOnExit = () => child.kill("SIGKILL")
  process.once("exit", killOnExit)

  const stop = async () => {
    process.off("exit", killOnExit)
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM")
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000)
      await exited(child)
      clearTimeout(timer)
    }
    await new Promise<void>((resolveClose) => log.end(() => resolveClose()))
  }

  const deadline = Date.now() + (options.timeoutMs ?? START_TIMEOUT_MS)
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop()
      throw new Error(`the server exited during start (code ${child.exitCode}, signal ${child.signalCode}):\n${tail(options.logFile)}`)
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) })
      if (response.ok) return { baseUrl, stop }
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250))
  }
  await stop()
  throw new Error(`the server did not answer /healthz within ${options.timeoutMs ?? START_TIMEOUT_MS} ms:\n${tail(options.logFile)}`)
}
