#!/usr/bin/env node
// npm pack's prepack/postpack for @mido/core and @mido/react (ADR 0021). In the workspace every export
// has an `@mido/source` condition first, so the web app, the server, the harness and the tests run the
// TypeScript source with no build. A consumer must never see it: a tsconfig or bundler that sets that
// condition would resolve into src/, which the tarball does not ship. npm (unlike pnpm and yarn) does not
// apply `publishConfig.exports`, so `strip` writes package.json without the condition just before npm
// packs the folder, keeping the workspace's manifest beside it, and `restore` (postpack) puts it back.
// A pack that failed half-way leaves the copy, and the next `strip` or `restore` starts from it.
//   node ../../scripts/pack-manifest.mjs strip|restore   (run in the package's folder)
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs"

export const SOURCE_CONDITION = "@mido/source"
const MANIFEST = "package.json"
const KEPT = "package.json.workspace"

/** The manifest with every `@mido/source` condition removed from `exports` (nested maps too). */
export const withoutSourceCondition = (manifest) => {
  const clean = (value) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return value
    return Object.fromEntries(Object.entries(value).filter(([key]) => key !== SOURCE_CONDITION).map(([key, inner]) => [key, clean(inner)]))
  }
  return { ...manifest, exports: clean(manifest.exports) }
}

const restore = () => {
  if (existsSync(KEPT)) renameSync(KEPT, MANIFEST)
}

const strip = () => {
  restore()
  const text = readFileSync(MANIFEST, "utf8")
  writeFileSync(KEPT, text)
  writeFileSync(MANIFEST, `${JSON.stringify(withoutSourceCondition(JSON.parse(text)), null, 2)}\n`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const command = process.argv[2]
  if (command === "strip") strip()
  else if (command === "restore") restore()
  else {
    console.error("usage: pack-manifest.mjs strip|restore")
    process.exit(2)
  }
}
