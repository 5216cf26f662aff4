#!/usr/bin/env node
// Runs the harness from TypeScript source: tsx compiles on the fly, and the `@mido/source` export
// condition makes `@mido/core` resolve to its source too, so nothing has to be built first.
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"

const entry = fileURLToPath(new URL("../src/bin.ts", import.meta.url))
const result = spawnSync(
  process.execPath,
  ["--conditions=@mido/source", "--import", "tsx", entry, ...process.argv.slice(2)],
  { stdio: "inherit", cwd: process.cwd() }
)
if (result.error) {
  console.error(result.error.message)
  process.exit(1)
}
process.exit(result.status ?? 1)
