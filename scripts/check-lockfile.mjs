#!/usr/bin/env node
// The committed package-lock.json is complete for every platform (issue 18): every optional
// dependency of every locked package (rollup's, turbo's, esbuild's, sharp's platform builds …) has
// an entry of its own, so `npm ci` (the README's install, which never rewrites the lockfile) works on
// any OS and CPU. A lockfile updated through a registry mirror that serves only its own platforms'
// builds loses the others; this names them, and exits 1. Before reading the lockfile it checks
// itself on in-memory samples (a missing build must be caught, a complete lock must pass);
// `--self-test` runs only that. Plain Node, no dependencies: the test command runs it first.
import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..")

/** Where Node would find `name` from the package at `path`: its own node_modules, then each ancestor's. */
const lookupPaths = (path, name) => {
  const paths = []
  let base = path
  for (;;) {
    paths.push(base === "" ? `node_modules/${name}` : `${base}/node_modules/${name}`)
    if (base === "") return paths
    const cut = base.lastIndexOf("node_modules/")
    base = cut <= 0 ? "" : base.slice(0, cut - 1)
  }
}

/** "<package> → <optional dependency>" for every optional dependency the lockfile does not hold. */
export const missingOptionals = (lock) => {
  const packages = lock.packages ?? {}
  const missing = []
  for (const [path, entry] of Object.entries(packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!lookupPaths(path, name).some((candidate) => candidate in packages)) missing.push(`${path || "(root)"} → ${name}`)
    }
  }
  return missing
}

const selfTest = () => {
  const complete = {
    packages: {
      "": { workspaces: ["apps/*"] },
      "apps/web": { dependencies: { rollup: "4.0.0" } },
      "node_modules/rollup": { optionalDependencies: { "@rollup/rollup-linux-x64-gnu": "4.0.0", "@rollup/rollup-darwin-arm64": "4.0.0" } },
      "node_modules/@rollup/rollup-linux-x64-gnu": { optional: true, os: ["linux"] },
      "node_modules/a/node_modules/rollup": { optionalDependencies: { "@rollup/rollup-darwin-arm64": "4.1.0" } },
      "node_modules/a/node_modules/@rollup/rollup-darwin-arm64": { optional: true, os: ["darwin"] },
      "node_modules/@rollup/rollup-darwin-arm64": { optional: true, os: ["darwin"] }
    }
  }
  const failures = []
  if (missingOptionals(complete).length > 0) failures.push(`a complete lock was refused: ${missingOptionals(complete).join(", ")}`)
  const { "node_modules/@rollup/rollup-darwin-arm64": _dropped, ...rest } = complete.packages
  const found = missingOptionals({ packages: rest })
  if (found.join() !== "node_modules/rollup → @rollup/rollup-darwin-arm64") failures.push(`a lock without rollup's darwin build gave: ${found.join(", ") || "nothing"}`)
  if (failures.length > 0) {
    console.error(`check-lockfile: self-test failed:\n  ${failures.join("\n  ")}`)
    process.exit(1)
  }
}

selfTest()
if (!process.argv.includes("--self-test")) {
  const missing = missingOptionals(JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")))
  if (missing.length > 0) {
    console.error(`check-lockfile: package-lock.json lacks ${missing.length} optional package(s) of other platforms, so \`npm ci\` fails there:\n  ${missing.join("\n  ")}\nUpdate the lockfile against the npm registry itself (README, "Quick start").`)
    process.exit(1)
  }
  console.log("check-lockfile: package-lock.json holds every platform's optional packages")
}
