#!/usr/bin/env node
// `npm run build` (and prepack) of @mido/core and @mido/react (ADR 0021): TypeScript's own emit of
// tsconfig.build.json, one .js and one .d.ts per source module, so a consumer's bundler drops every
// module it does not import (`sideEffects: false`). dist/ is emptied first, so a module deleted from
// src/ never ships from an old build. A workspace package this one depends on (@mido/react → @mido/core)
// is built first when its dist/ is missing: the build type-checks against its declarations, as a
// consumer would, not against its source.
//   node ../../scripts/build-package.mjs   (run in the package's folder)
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { join, resolve } from "node:path"

const require = createRequire(import.meta.url)
const tsc = require.resolve("typescript/bin/tsc")
const packagesDir = resolve(import.meta.dirname, "../packages")

const build = (dir) => {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))
  for (const name of Object.keys(manifest.dependencies ?? {}).filter((name) => name.startsWith("@mido/"))) {
    const depDir = join(packagesDir, name.slice("@mido/".length))
    if (!existsSync(join(depDir, "dist/index.d.ts"))) build(depDir)
  }
  rmSync(join(dir, "dist"), { recursive: true, force: true })
  execFileSync(process.execPath, [tsc, "-p", join(dir, "tsconfig.build.json")], { stdio: "inherit" })
}

build(process.cwd())
