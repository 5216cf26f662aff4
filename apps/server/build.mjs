#!/usr/bin/env node
// Builds the server into dist/ when a source changed (ADR 0022; scripts/node-bundle.mjs): one bundle
// per process, and beside it what the code reads relative to its own module: migrations/*.sql
// (db/migrate.ts reads `./migrations/`). `npm start`, the tests' globalSetup and bench/ call it.
//
//   node build.mjs [--force] [--test-harnesses]
// One line on stderr: stdout stays the process's own (`npm run doctor -- --json`).
import { cpSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { ROOT, buildIfStale, sourcesOf } from "../../scripts/node-bundle.mjs"

const SERVER = dirname(fileURLToPath(import.meta.url))

/** Each process the package runs, and the tool worker thread (workerToolProcessor.ts starts it). */
const ENTRIES = {
  main: "src/main.ts",
  worker: "src/worker.ts",
  doctor: "src/doctor.ts",
  engineCheck: "src/engineCheck.ts",
  adminCommand: "src/adminCommand.ts",
  toolWorker: "src/adapters/tools/toolWorker.ts"
}

export const SERVER_DIST = join(SERVER, "dist")

/** The server's dist/, built when stale; answers what it did. */
export const buildServer = (force = false) =>
  buildIfStale({
    dist: SERVER_DIST,
    entries: Object.fromEntries(Object.entries(ENTRIES).map(([name, path]) => [name, join(SERVER, path)])),
    inputs: sourcesOf(SERVER),
    files: [fileURLToPath(import.meta.url), join(ROOT, "scripts/node-bundle.mjs"), join(SERVER, "package.json")],
    after: (dir) => cpSync(join(SERVER, "src/db/migrations"), join(dir, "migrations"), { recursive: true }),
    force
  })

/**
 * The test harnesses that tests start as processes (a server that crashes on cue, a renderer on a
 * fontless host), built like the server into dist-test/ so that those tests run compiled code as
 * `npm start` does instead of paying tsx's start in every child.
 */
const HARNESSES = {
  seedCrashServer: "test/seedCrashServer.ts",
  generationCrashServer: "test/generationCrashServer.ts",
  noTofuRender: "test/noTofuRender.ts"
}

export const buildTestHarnesses = (force = false) =>
  buildIfStale({
    dist: join(SERVER, "dist-test"),
    entries: Object.fromEntries(Object.entries(HARNESSES).map(([name, path]) => [name, join(SERVER, path)])),
    inputs: [...sourcesOf(SERVER), join(SERVER, "test")],
    files: [fileURLToPath(import.meta.url), join(ROOT, "scripts/node-bundle.mjs"), join(SERVER, "package.json")],
    after: (dir) => cpSync(join(SERVER, "src/db/migrations"), join(dir, "migrations"), { recursive: true }),
    force
  })

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes("--force")
  console.error(`server build: ${await buildServer(force)}`)
  if (process.argv.includes("--test-harnesses")) console.error(`test harnesses build: ${await buildTestHarnesses(force)}`)
}
