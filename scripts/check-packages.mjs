#!/usr/bin/env node
// Checks @mido/core and @mido/react as another team gets them (issue 28, ADR 0021), and prints the
// consumer-view figures (bench/README.md "Package size (consumer view)"):
//  1. pack both packages as `npm pack` does (prepack: build, strip `@mido/source`) from a copy of each
//     package, never rewriting the workspace's manifest: the tarballs hold dist/, README, LICENSE and
//     package.json only, and the packed manifests have no `@mido/source` condition;
//  2. publint --strict and attw (profile esm-only, why: ADR 0021) on each tarball, no problems;
//  3. test/consumer copied to the temp dir, the tarballs installed there from the registry's view
//     next to effect@EFFECT_OTHER_MINOR (another 3.x minor than the workspace's), and
//     (a) real rules called from Node ESM and from CommonJS `require`,
//     (b) strict type-checks under moduleResolution bundler and node16 (module node20: a .cts requires the ESM),
//     (c) a one-rule browser entry bundled by Vite and by esbuild ≤ 2 KB gzip each, and an entry that
//         creates the HTTP runtime and calls one service, under its own budget per bundler,
//     (d) one copy of effect (`npm ls effect`);
//  4. examples/feed-viewer, when the folder exists, installed from the core's tarball and built.
// The workspace's typescript, vite and esbuild do the work; the consumer installs only the packages.
// Exits 1 on any failure.   node scripts/check-packages.mjs [--keep]
import { execFileSync } from "node:child_process"
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { basename, join, resolve } from "node:path"
import { bundleWithEsbuild, bundleWithVite } from "../bench/lib/consumerBundles.mjs"
import { withoutSourceCondition } from "./pack-manifest.mjs"

const ROOT = resolve(import.meta.dirname, "..")
const require = createRequire(import.meta.url)
const TSC = require.resolve("typescript/bin/tsc")
const PUBLINT = join(ROOT, "node_modules/publint/src/cli.js")
const ATTW = join(ROOT, "node_modules/@arethetypeswrong/cli/dist/index.js")

/** effect's other 3.x minor: the workspace has 3.22, the last 3.x minor before it is 3.21. */
export const EFFECT_OTHER_MINOR = "3.21.5"
const KB = 1024
/** Budgets, gzip bytes. The HTTP entries: measured (ADR 0021, ADR 0029) plus 2–3 KB. */
export const BUDGETS = {
  "formatCount via Vite": 2 * KB,
  "formatCount via esbuild": 2 * KB,
  "HTTP runtime + one call via Vite": 89 * KB,
  "HTTP runtime + one call via esbuild": 157 * KB
}
const PACKAGES = [
  { name: "@mido/core", dir: "packages/core" },
  { name: "@mido/react", dir: "packages/react" }
]

const work = mkdtempSync(join(tmpdir(), "mido-packages-"))
const failures = []
const timings = []
const figures = []

// npm's own variables from an outer `npm test` would point the consumer's npm at the workspace
const childEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) =>
  !/^npm_(package_|lifecycle_|config_local_prefix|config_workspaces?$|config_include_workspace_root)/i.test(key)))

const run = (command, args, cwd = ROOT) => {
  try {
    return execFileSync(command, args, { cwd, env: childEnv, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 })
  } catch (error) {
    const output = `${error.stdout ?? ""}\n${error.stderr ?? ""}`.trim().split("\n").slice(-25).join("\n")
    throw new Error(`${[command, ...args].join(" ")} failed:\n${output}`)
  }
}
const node = (args, cwd) => run(process.execPath, args, cwd)

const step = async (name, body) => {
  const started = Date.now()
  try {
    await body()
  } catch (error) {
    failures.push(`${name}: ${error.message}`)
  }
  timings.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

const tarballs = {}

await step("pack", () => {
  for (const { name, dir } of PACKAGES) {
    // What `npm pack` in the package does (prepack: build, then the manifest without `@mido/source`), on a
    // copy of the package: the workspace's own package.json never changes, so suites running beside this
    // check (.ci/run runs the Node 24 suites alongside `npm test`) never resolve the core half-packed.
    const manifest = JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8"))
    if (!/build-package\.mjs.*pack-manifest\.mjs strip/.test(manifest.scripts?.prepack ?? "")) throw new Error(`${name}'s prepack no longer builds and strips the manifest`)
    node([join(ROOT, "scripts/build-package.mjs")], join(ROOT, dir))
    const stage = join(work, `stage-${basename(dir)}`)
    cpSync(join(ROOT, dir), stage, { recursive: true, filter: (path) => !/\/node_modules(\/|$)|package\.json\.workspace$/.test(path.slice(join(ROOT, dir).length)) })
    writeFileSync(join(stage, "package.json"), `${JSON.stringify(withoutSourceCondition(manifest), null, 2)}\n`)
    const [packed] = JSON.parse(run("npm", ["pack", stage, "--ignore-scripts", "--pack-destination", work, "--json"]))
    tarballs[name] = join(work, packed.filename)
    const stray = packed.files.map((file) => file.path).filter((path) => !/^(dist\/.+|README\.md|LICENSE|package\.json)$/.test(path) || /\.test\.|__snapshots__/.test(path))
    if (stray.length > 0) throw new Error(`${name} packs files it must not ship: ${stray.slice(0, 5).join(", ")}`)
    if (!packed.files.some((file) => file.path === "LICENSE")) throw new Error(`${name} packs no LICENSE`)
    const packedManifest = run("tar", ["-xzOf", tarballs[name], "package/package.json"])
    if (packedManifest.includes("@mido/source")) throw new Error(`${name}'s packed package.json still names @mido/source`)
    figures.push([`${name} tarball`, `${(packed.size / KB).toFixed(1)} KB packed, ${(packed.unpackedSize / KB).toFixed(1)} KB unpacked, ${packed.entryCount} files`])
  }
})

await step("publint + attw", () => {
  for (const tarball of Object.values(tarballs)) {
    node([PUBLINT, "run", tarball, "--strict"])
    node([ATTW, tarball, "--profile", "esm-only", "--format", "ascii"])
  }
})

const consumer = join(work, "consumer")
await step("consumer install", () => {
  cpSync(join(ROOT, "test/consumer"), consumer, { recursive: true })
  run("npm", ["install", "--no-audit", "--no-fund", "--no-package-lock", ...Object.values(tarballs), `effect@${EFFECT_OTHER_MINOR}`, "react-dom@^19", "@types/react@^19"], consumer)
})

await step("(a) Node ESM and require", () => {
  node(["esm.mjs"], consumer)
  node(["--no-warnings=ExperimentalWarning", "cjs.cjs"], consumer)
})

await step("(b) tsc bundler, node16", () => {
  for (const config of ["tsconfig.bundler.json", "tsconfig.node16.json"]) node([TSC, "-p", config], consumer)
})

await step("(d) one effect", () => {
  const copies = run("npm", ["ls", "effect", "--all", "--parseable"], consumer).trim().split("\n").filter(Boolean)
  const versions = copies.map((path) => JSON.parse(readFileSync(join(path, "package.json"), "utf8")).version)
  if (copies.length !== 1 || versions[0] !== EFFECT_OTHER_MINOR) throw new Error(`effect installed ${copies.length} times: ${versions.join(", ")}`)
})

await step("(c) bundles", async () => {
  const entries = [["formatCount", "entries/formatCount.ts"], ["HTTP runtime + one call", "entries/httpRuntime.ts"]]
  for (const [label, entry] of entries) {
    for (const [bundler, bundle] of [["Vite", bundleWithVite], ["esbuild", bundleWithEsbuild]]) {
      const key = `${label} via ${bundler}`
      const size = await bundle(consumer, entry)
      const verdict = size.gzip <= BUDGETS[key] ? "ok" : "OVER"
      figures.push([key, `${(size.gzip / KB).toFixed(2)} KB gzip (${size.gzip} B; ${(size.minified / KB).toFixed(1)} KB minified, ${size.lazy} lazy chunks apart), budget ${(BUDGETS[key] / KB).toFixed(0)} KB: ${verdict}`])
      if (verdict === "OVER") failures.push(`${key}: ${size.gzip} B gzip, over ${BUDGETS[key]} B`)
    }
  }
})

if (existsSync(join(ROOT, "examples/feed-viewer/package.json"))) {
  await step("examples/feed-viewer", () => {
    const example = join(work, "feed-viewer")
    cpSync(join(ROOT, "examples/feed-viewer"), example, { recursive: true, filter: (path) => !/\/(node_modules|dist)(\/|$)/.test(path.slice(ROOT.length)) })
    run("npm", ["install", "--no-audit", "--no-fund", "--no-package-lock", tarballs["@mido/core"]], example)
    run("npm", ["run", "build"], example)
  })
}

console.log("| package (consumer view) | figure |\n|---|---|")
for (const [name, figure] of figures) console.log(`| ${name} | ${figure} |`)
console.log(`check-packages: ${timings.join(", ")}`)
if (process.argv.includes("--keep")) console.log(`kept ${work}`)
else rmSync(work, { recursive: true, force: true })
if (failures.length > 0) {
  console.error(`check-packages: ${failures.length} failed\n${failures.join("\n\n")}`)
  process.exit(1)
}
console.log("check-packages: ok")
