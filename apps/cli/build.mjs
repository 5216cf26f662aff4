#!/usr/bin/env node
// Builds the harness into dist/bin.js when a source changed (ADR 0022; scripts/node-bundle.mjs):
// bin/mido.js runs it, with @mido/core bundled from source, so tsx is not needed at run time.
//
//   node build.mjs [--force]     one line on stderr
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { ROOT, buildIfStale, sourcesOf } from "../../scripts/node-bundle.mjs"

const CLI = dirname(fileURLToPath(import.meta.url))

/** The harness's dist/, built when stale; answers what it did. */
export const buildCli = (force = false) =>
  buildIfStale({
    dist: join(CLI, "dist"),
    entries: { bin: join(CLI, "src/bin.ts") },
    inputs: sourcesOf(CLI),
    files: [fileURLToPath(import.meta.url), join(ROOT, "scripts/node-bundle.mjs"), join(CLI, "package.json")],
    force
  })

if (process.argv[1] === fileURLToPath(import.meta.url)) console.error(`cli build: ${await buildCli(process.argv.includes("--force"))}`)
