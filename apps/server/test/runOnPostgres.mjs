#!/usr/bin/env node
// Runs the server's integration suite a second time against a real PostgreSQL server (issue 4: the
// same suite on PGlite and PostgreSQL). Uses Debian's `postgresql` package, installing it when
// missing (CI runs as root), starts a throwaway cluster on loopback, runs vitest with
// MIDO_TEST_DATABASE_URL set, and always stops the cluster.
import { execFileSync, spawnSync } from "node:child_process"
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { createServer } from "node:net"
import { join } from "node:path"

/** A loopback port nobody listens on: a cluster left behind by a killed run must not fail this one. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

const PORT = process.env.MIDO_PG_PORT === undefined ? await freePort() : Number(process.env.MIDO_PG_PORT)
const run = (command, args, options = {}) => execFileSync(command, args, { stdio: "inherit", ...options })

const findBin = () => {
  const root = "/usr/lib/postgresql"
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root).filter((name) => existsSync(join(root, name, "bin", "pg_ctl"))).sort((a, b) => Number(b) - Number(a))
  return versions.length > 0 ? join(root, versions[0], "bin") : undefined
}

let bin = findBin()
if (bin === undefined) {
  if (process.getuid?.() !== 0) {
    console.error("PostgreSQL is not installed and this user cannot install it: apt-get install postgresql")
    process.exit(1)
  }
  run("apt-get", ["update", "-qq"])
  run("apt-get", ["install", "-y", "-qq", "postgresql"], { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } })
  bin = findBin()
}

// initdb refuses to run as root: the cluster belongs to the postgres user
const asRoot = process.getuid?.() === 0
const as = (command, args) => (asRoot ? run("runuser", ["-u", "postgres", "--", command, ...args]) : run(command, args))
const directory = mkdtempSync(join(tmpdir(), "mido-pg-"))
chmodSync(directory, 0o777)
const data = join(directory, "data")
const env = { ...process.env }
let started = false
// a stopped run (turbo ends the other tasks when one fails) still stops its cluster: with a handler,
// the signal does not end the process at once; the killed vitest returns and `finally` runs
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (process.exitCode = 1))
try {
  as(join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C"])
  as(join(bin, "pg_ctl"), ["-D", data, "-o", `-p ${PORT} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, "-l", join(directory, "log"), "-w", "start"])
  started = true
  env.MIDO_TEST_DATABASE_URL = `postgres://postgres@127.0.0.1:${PORT}/postgres`
  // suites that never open a database ran once on PGlite already: engine adapters against their
  // fakes, the layering rule, pure helpers, the tool processors (src/), the object store contract on
  // disk and on s3rver, the doctor and the production start (both refuse or report before any database)
  const databaseFree = [
    "src/**",
    "test/engines/**",
    "test/dependencyRule.test.ts",
    "test/clientIp.test.ts",
    "test/securityDecisions.test.ts",
    "test/commerce-units.test.ts",
    "test/keyedSignal.test.ts",
    "test/pngText.test.ts",
    "test/assistantComposer.test.ts",
    "test/assistantFollowUp.test.ts",
    "test/noTofu.test.ts",
    "test/loginCaptchaImage.test.ts",
    "test/generationDrawnInfotext.test.ts",
    "test/submitNamesRules.test.ts",
    "test/doctor.test.ts",
    "test/productionStandIns.test.ts",
    "test/storage/objectStore.test.ts",
    "test/pgliteDataDir.test.ts"
  ]
  const exclusions = process.argv.length > 2 ? [] : databaseFree.flatMap((pattern) => ["--exclude", pattern])
  const result = spawnSync(process.execPath, [join("..", "..", "node_modules", "vitest", "vitest.mjs"), "run", ...exclusions, ...process.argv.slice(2)], { stdio: "inherit", env })
  process.exitCode = result.status ?? 1
} finally {
  if (started) {
    try {
      as(join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"])
    } catch {
      // the cluster is thrown away with its directory either way
    }
  }
  rmSync(directory, { recursive: true, force: true })
}
