#!/usr/bin/env node
// `npm run build` (and prepack) of @mido/core and @mido/react (ADR 0021): TypeScript's own emit of
// tsconfig.build.json, one .js and one .d.ts per source module, so a consumer's bundler drops every
// module it does not import (`sideEffects: false`). dist/ is emptied first, so a module deleted from
// src/ never ships from an old build. A workspace package this one depends on (@mido/react → @mido/core)
// is built first when its dist/ is missing: the build type-checks against its declarations, as a
// consumer would, not against its source.
//
// One change to the emitted code, in the files a package's manifest lists under "eagerInPackage": their
// `import("./x.js")` of the package's own modules become static imports. esbuild bundles the target of
// every `import()` it can see from an entry, even when tree-shaking drops the code that calls it
// (evanw/esbuild#3704, fix proposed in evanw/esbuild#4532), so the core's lazily loaded services
// (services/deferredServices.ts) put effect and every schema into a consumer's bundle that imports one
// rule: 139 KB gzip instead of 0.5 KB. The web app runs the source and keeps them lazy (ADR 0005);
// a consumer of the package loads them with the runtime (ADR 0021).
//   node ../../scripts/build-package.mjs   (run in the package's folder)
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs"
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
  for (const file of manifest.eagerInPackage ?? []) makeImportsStatic(join(dir, "dist", file))
}

/** `import("./x.js")` → a static `import * as` of the same module, resolved at once. */
export const staticImportsOf = (code) => {
  const targets = [...new Set([...code.matchAll(/\bimport\("(\.\.?\/[^"]+\.js)"\)/g)].map((match) => match[1]))]
  const names = new Map(targets.map((target, index) => [target, `eagerModule${index}`]))
  const body = code.replace(/\bimport\("(\.\.?\/[^"]+\.js)"\)/g, (_all, target) => `Promise.resolve(${names.get(target)})`)
  return { targets, code: `${targets.map((target) => `import * as ${names.get(target)} from "${target}";`).join("\n")}\n${body}` }
}

const makeImportsStatic = (path) => {
  const { targets, code } = staticImportsOf(readFileSync(path, "utf8"))
  if (targets.length === 0) throw new Error(`${path}: listed in "eagerInPackage" but has no import() of its own modules`)
  writeFileSync(path, code)
}

if (import.meta.url === `file://${process.argv[1]}`) build(process.cwd())
