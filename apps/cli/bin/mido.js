#!/usr/bin/env node
// Runs the harness from TypeScript source: tsx compiles on the fly, and the `@mido/source` export
// condition makes `@mido/core` resolve to its source too, so nothing has to be built first.
import { spawn } from "node:child_process"
import { constants } from "node:os"
import { fileURLToPath } from "node:url"

const entry = fileURLToPath(new URL("../src/bin.ts", import.meta.url))
const child = spawn(
  process.execPath,
  ["--conditions=@mido/source", "--import", "tsx", entry, ...process.argv.slice(2)],
  { stdio: "inherit", cwd: process.cwd() }
)
// Ctrl-C in a terminal reaches the child too (one process group), which decides what it means
// (`mido generate` cancels its task first): this process waits for it instead of dying before it
process.on("SIGINT", () => {})
child.on("error", (error) => {
  console.error(error.message)
  process.exit(1)
})
child.on("exit", (code, signal) => process.exit(code ?? 128 + (signal === null ? 0 : (constants.signals[signal] ?? 0))))
