#!/usr/bin/env node
// The checks of `npm test`, in two turbo runs side by side: the browser tests (the long pole: one
// Chromium, one server, waits on real timers) at the normal priority, and everything else (lint,
// typecheck, every package's tests, the budgets) at a lower one.
//
// Why: on a 2-core machine every suite at once made the browser tests run about 1.6 times slower
// than alone, so they set the length of the whole run and missed their own waits (a 52-s test went
// past its 120 s). At a lower priority the other suites take the cores whenever the browser tests
// wait, and step aside when they need them. A lower priority is asked through `nice` before turbo
// starts, so every process it starts inherits it (where there is no `nice`, on Windows, both run as is).
//
// Both runs go to the end even when one fails, so one run reports every failure; the exit code is
// the worst of the two. Usage: node scripts/run-checks.mjs
import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const turbo = join(root, "node_modules", ".bin", process.platform === "win32" ? "turbo.cmd" : "turbo")
const LOWER_PRIORITY = "5"

const runs = [
  { name: "browser tests", tasks: ["test:e2e"], lower: false },
  { name: "lint, typecheck, tests, budgets", tasks: ["lint", "typecheck", "test", "check:budgets"], lower: true }
]

const canNice = process.platform !== "win32" && ["/usr/bin/nice", "/bin/nice"].some((path) => existsSync(path))

const start = (run) =>
  new Promise((resolveRun) => {
    const started = Date.now()
    const turboArgs = ["run", ...run.tasks]
    const [command, args] = run.lower && canNice ? ["nice", ["-n", LOWER_PRIORITY, turbo, ...turboArgs]] : [turbo, turboArgs]
    const child = spawn(command, args, { cwd: root, stdio: "inherit", shell: process.platform === "win32" })
    const finish = (code) => resolveRun({ ...run, code, seconds: Math.round((Date.now() - started) / 1000) })
    child.once("error", (error) => {
      console.error(`[checks] ${run.name} could not start: ${error.message}`)
      finish(1)
    })
    child.once("exit", (code, signal) => finish(code ?? (signal === null ? 1 : 128)))
  })

const results = await Promise.all(runs.map(start))
for (const result of results) {
  console.log(`[checks] ${result.name}: ${result.code === 0 ? "passed" : `failed (exit ${result.code})`} in ${result.seconds} s`)
}
process.exit(results.some((result) => result.code !== 0) ? 1 : 0)
