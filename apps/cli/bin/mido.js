#!/usr/bin/env node
// Runs the harness from its build (dist/bin.js, ADR 0022) in this very process: no second Node, no
// tsx. A fresh clone or an edited source is built first (a few seconds, said on stderr); an
// up-to-date build costs a walk over the sources' modification times.
import { buildCli } from "../build.mjs"

const built = await buildCli()
if (built !== "up to date") process.stderr.write(`mido: harness ${built}\n`)
await import("../dist/bin.js")
