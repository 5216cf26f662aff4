import { Uploads } from "@mido/core"
import type { TaskView } from "@mido/core/generation"
import { type ChildProcess, spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import pg from "pg"
import { openPostgres } from "../../src/db/database.js"
import { CHANGES_CHANNEL } from "../../src/platform/processChanges.js"
import { asCore, blob, freePorts, solidPng } from "../filesFixtures.js"
import { S3_ACCESS_KEY_ID, S3_BUCKET, S3_REGION, S3_SECRET, type S3Fixture, startS3 } from "./s3Fixtures.js"
import { eventually } from "../eventually.js"
import { builtServer } from "../builtEntry.js"

/**
 * Issue 27 with real OS processes: on PostgreSQL two API processes (src/main.ts, MIDO_WORKERS=0) and a
 * worker process (src/worker.ts), started from the build as deploy.md runs them, share one database and
 * one bucket (s3rver) and no disk: a file posted to the bucket through one API is read through the
 * other, a task drawn by the worker reaches the other API's event stream, and a publish or withdrawal
 * through one API changes the other's cached square at once. PGlite is one process's alone: there one
 * spawned server with its own workers plays every part (its upload, drawing and square on the bucket).
 */
const postgres = process.env.MIDO_TEST_DATABASE_URL || undefined
const SERVER_DIR = new URL("../..", import.meta.url).pathname
const FEED = "/api/v1/open/artwork/artwork/get_profile_list"
// nothing in the square expires by itself during the test: what changes there, an invalidation changed
const FEED_CACHE_MS = "60000"
const directory = mkdtempSync(join(tmpdir(), "mido-procs-"))
const children: Array<ChildProcess> = []

interface Api { readonly url: string; readonly storageUrl: string; readonly uploadDir: string }

/** A server process from the build (dist/, as npm start runs it); resolves when its log says `ready` (stdout, one JSON line each). */
const startProcess = async (entry: "main" | "worker", env: Record<string, string>, ready: string): Promise<void> => {
  const args = await builtServer(entry)
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: SERVER_DIR, env, stdio: ["ignore", "pipe", "pipe"] })
    children.push(child)
    const output: Array<string> = []
    createInterface({ input: child.stdout! }).on("line", (line) => {
      output.push(line)
      if (line.includes(ready)) resolve()
    })
    child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")))
    child.once("exit", (code) => reject(new Error(`${entry} exited (${code}):\n${output.slice(-30).join("\n")}`)))
  })
}

const freshDatabaseUrl = async (url: string) => {
  const name = `mido_procs_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = await openPostgres(url)
  await admin.exec(`create database ${name}`)
  await admin.close()
  return url.replace(/\/[^/]*$/, `/${name}`)
}

let s3: S3Fixture
let databaseUrl: string | undefined
let a: Api
let b: Api
/** the user's session, empty until the login */
let token = ""
let uid: number

/** Each process its own data and upload directories: with S3 nothing may land on a disk they would have to share. */
const baseEnv = (s3: S3Fixture, name: string, database: Record<string, string>): Record<string, string> => {
  // PGlite makes its data directory but not the parent
  mkdirSync(join(directory, name), { recursive: true })
  return {
  PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? directory, NODE_ENV: "development", HOST: "127.0.0.1",
  SEED_DEMO: "false", MIDO_SECRET: "mido-processes-test-secret-0123456789", MIDO_FEED_CACHE_MS: FEED_CACHE_MS,
  DATA_DIR: join(directory, name, "data"), UPLOAD_DIR: join(directory, name, "uploads"), ...database,
  MIDO_STORAGE: "s3", S3_ENDPOINT: s3.endpoint, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: S3_SECRET,
  S3_FORCE_PATH_STYLE: "true", S3_PUBLIC_URL: `${s3.direct}/${S3_BUCKET}`
  }
}

const startApi = async (name: string, database: Record<string, string>, workers: boolean): Promise<Api> => {
  const [port, storagePort] = await freePorts(2)
  const env: Record<string, string> = { ...baseEnv(s3, name, database), PORT: String(port), STORAGE_PORT: String(storagePort), PUBLIC_URL: `http://127.0.0.1:${port}`, ...(workers ? {} : { MIDO_WORKERS: "0" }) }
  await startProcess("main", env, "米豆AI server listening")
  return { url: `http://127.0.0.1:${port}`, storageUrl: `http://127.0.0.1:${storagePort}`, uploadDir: env.UPLOAD_DIR! }
}

/** One API call, as the logged-in user once there is one (a visitor before). */
const call = async (api: Api, method: "GET" | "POST", path: string, body?: unknown) => {
  const headers: Record<string, string> = { source: "PC", "content-type": "application/json", ...(token === "" ? {} : { authorization: `Bearer ${token}` }) }
  const response = await fetch(`${api.url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  return (await response.json()) as { code: number; msg: string; data: any } // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The phone login as the login page does it (captcha, SMS code from the development outbox), all through `api`. */
const login = async (api: Api, phone: string) => {
  expect((await call(api, "GET", `/api/v1/open/base/captcha?phone=${phone}`)).code).toBe(0)
  const captcha = (await call(api, "GET", `/api/dev/captcha?phone=${phone}`)).data.answer as string
  expect((await call(api, "POST", "/api/v1/open/base/send_verify_sms", { phone, captcha_code: captcha })).code).toBe(0)
  const sms = (await call(api, "GET", `/api/dev/sms?phone=${phone}`)).data.code as string
  const answer = await call(api, "POST", "/api/v1/open/base/login", { phone, code: sms })
  expect(answer.code, answer.msg).toBe(0)
  return answer.data.token as string
}

beforeAll(async () => {
  s3 = await startS3()
  if (postgres !== undefined) {
    databaseUrl = await freshDatabaseUrl(postgres)
    const database = { DATABASE_URL: databaseUrl }
    // the three start together, as a deploy starts them: the migration lock orders them
    ;[a, b] = await Promise.all([
      startApi("a", database, false),
      startApi("b", database, false),
      startProcess("worker", baseEnv(s3, "worker", database), "米豆AI generation worker running").then(() => undefined)
    ])
  } else {
    a = await startApi("only", {}, true)
    b = a
  }
  // the sign-up grant pays for the drawing below (0 unless the operator sets it)
  expect((await call(a, "POST", "/api/dev/config", { key: "points.signup-grant", value: "500" })).code).toBe(0)
  token = await login(a, "13712340027")
  uid = (await call(a, "GET", "/api/v1/user/info")).data.uid as number
}, 180_000) // three processes started from TypeScript source on a busy machine: 10–30 s each
afterAll(async () => {
  await Promise.all(children.map((child) => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const killer = setTimeout(() => child.kill("SIGKILL"), 10_000)
    child.once("exit", () => (clearTimeout(killer), resolve()))
    child.kill("SIGTERM")
  })))
  await s3?.close()
  rmSync(directory, { recursive: true, force: true })
}, 30_000)

/** The bytes at `url` (a public bucket URL or a storage origin link). */
const bytesAt = async (url: string) => {
  const response = await fetch(url)
  expect(response.status, url).toBe(200)
  return new Uint8Array(await response.arrayBuffer())
}

/** The task's server-sent events on `api` until the stream ends (it ends after a finished state). */
const streamedViews = async (api: Api, id: string): Promise<Array<TaskView>> => {
  const response = await fetch(`${api.url}/api/v2/task/events?id=${id}`, { headers: { authorization: `Bearer ${token}` } })
  expect(response.headers.get("content-type")).toContain("text/event-stream")
  const text = await response.text()
  return text.split("\n\n").filter((frame) => frame.startsWith("event: task")).map((frame) => JSON.parse(frame.slice(frame.indexOf("data: ") + 6)) as TaskView)
}

/** The author's works in the square as a visitor sees them: no credentials, so the shared cache answers. */
const visitorIds = async (api: Api) => {
  const response = await fetch(`${api.url}${FEED}?uid=${uid}`, { headers: { source: "PC" } })
  const answer = (await response.json()) as { code: number; data: { list: Array<{ id: number }> } }
  expect(answer.code).toBe(0)
  return answer.data.list.map((card) => card.id)
}

const keyOf = (url: string) => url.slice(`${s3.direct}/${S3_BUCKET}/`.length)

describe(postgres ? "two API processes and a worker process on one PostgreSQL and one bucket" : "PGlite: one spawned server process on a bucket", () => {
  let artworkId: number

  it(postgres ? "an image posted to the bucket and recorded through one process is read through the other" : "PGlite: an image posted to the bucket and recorded is read back through the storage origin", async () => {
    const png = await solidPng(120, 80)
    const posted = await asCore(a, token, Effect.flatMap(Uploads, (uploads) => uploads.uploadToOss({ name: "跨进程.png", type: "image/png", size: png.byteLength, blob: blob(png, "image/png") })))
    expect(posted._tag).toBe("Right")
    const { key, url } = (posted as { right: { key: string; url: string } }).right
    expect(await call(a, "POST", "/api/v1/base/file/create", { key })).toMatchObject({ code: 0, data: { key, width: 120, height: 80 } })
    expect(await call(b, "POST", "/api/v1/base/file/snapshot", { key, width: 30 })).toMatchObject({ code: 0, data: { width: 30 } })
    const link = (await call(b, "POST", "/api/v1/base/file/download", { key })).data.url as string
    expect(await bytesAt(link)).toEqual(png)
    expect(await bytesAt(url)).toEqual(png)
  }, 60_000)

  /** Every wake-up sent on the database (PostgreSQL only): what the worker process tells the API processes. */
  const heard: Array<string> = []
  let listener: pg.Client | undefined
  beforeAll(async () => {
    if (databaseUrl === undefined) return
    listener = new pg.Client({ connectionString: databaseUrl })
    listener.on("notification", (message) => heard.push(message.payload ?? ""))
    await listener.connect()
    await listener.query(`listen ${CHANGES_CHANNEL}`)
  })
  afterAll(() => listener?.end())

  it(postgres ? "a task submitted through one process is drawn by the worker process; the other's event stream sees it finish and reads its image" : "PGlite: the process's worker draws a task into the bucket and its event stream sees it finish", async () => {
    const submitted = await call(a, "POST", "/api/v2/task/submit", { type: "sd", prompt: "two processes, one bucket", checkpoint: "本地演示·通用", sampler: "Euler a", steps: 20, cfg_scale: 7, width: 128, height: 96, seed: 27, num: 1 })
    expect(submitted.code, submitted.msg).toBe(0)
    const task = submitted.data as TaskView
    const views = await streamedViews(b, task.id)
    // the API processes run no workers and a submit sends no wake-up: on PostgreSQL these came from the
    // worker process (PGlite has no channel: its one process wakes its streams in memory)
    expect(heard.some((payload) => payload.endsWith(` task ${task.id}`)), heard.join("; ")).toBe(databaseUrl !== undefined)
    const done = views.at(-1)!
    expect(done, JSON.stringify(done)).toMatchObject({ status: "succeeded", engine: "本地演示引擎" })
    const image = done.images[0]!
    expect(image.url.startsWith(`${s3.direct}/${S3_BUCKET}/`)).toBe(true)
    const drawn = await bytesAt(image.url)
    // the other process's storage origin reads the worker's drawing from the bucket
    expect(await bytesAt(`${b.storageUrl}/uploads/${keyOf(image.url)}`)).toEqual(drawn)
    artworkId = image.artwork_id
    // nothing landed on any process's disk: the bucket holds every file
    for (const dir of [a.uploadDir, b.uploadDir, join(directory, "worker", "uploads")]) expect(listed(dir)).toEqual([])
  }, 90_000)

  it(postgres ? "a work published or withdrawn through one process changes the other's cached square at once" : "PGlite: a work published or withdrawn changes the process's cached square at once", async () => {
    expect(await visitorIds(b)).toEqual([])
    expect((await call(a, "POST", "/api/v1/artwork/audit/submit", { artwork_id: artworkId, title: "跨进程的画" })).code).toBe(0)
    expect((await call(a, "POST", "/api/dev/artworks/approve", { artwork_id: artworkId })).code).toBe(0)
    await eventually(() => visitorIds(b), [artworkId])
    expect((await call(a, "POST", "/api/v1/user/profile/artwork/delete", { id: artworkId })).code).toBe(0)
    await eventually(() => visitorIds(b), [])
  }, 60_000)
})

const listed = (dir: string) => {
  try {
    return readdirSync(dir, { recursive: true }).filter((name) => !String(name).startsWith("."))
  } catch {
    return [] // never created: nothing written
  }
}

