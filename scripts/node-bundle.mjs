// The build of the apps that run on Node (apps/server, apps/cli; ADR 0022): one esbuild bundle per
// entry, ESM with linked source maps, every npm package left external (resolved from node_modules at
// run time, as installed) except the workspace's own @mido/*, bundled from TypeScript source through
// the `@mido/source` condition (ADR 0004), so no package has to be built first.
//
// A dist/ is rebuilt only when a source is newer than its stamp. esbuild is imported only when a build
// is due, so an up-to-date dist/ starts where dev dependencies are omitted. Several test runs may ask
// at once (turbo runs the packages' tests side by side): one builds under a lock directory, into a
// fresh directory renamed into place, and the others wait, then find it up to date.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..")

/** The newest modification time under `dirs` (directories count: a deleted file changes its directory's). */
const newestUnder = (dirs) => {
  let newest = 0
  const walk = (dir) => {
    newest = Math.max(newest, statSync(dir).mtimeMs)
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "dist") continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else newest = Math.max(newest, statSync(path).mtimeMs)
    }
  }
  for (const dir of dirs) if (existsSync(dir)) walk(dir)
  return newest
}

/** The source trees an app's bundle is made from: its own src/ and the core's. */
export const sourcesOf = (appDir) => [join(appDir, "src"), join(ROOT, "packages/core/src")]

/** True when `stamp` is missing or older than any input directory's file or any of `files`. */
export const isStale = (stamp, inputs, files = []) => {
  if (!existsSync(stamp)) return true
  const built = statSync(stamp).mtimeMs
  return newestUnder(inputs) > built || files.some((file) => statSync(file).mtimeMs > built)
}

/** Every bare import stays external except the workspace's own packages, which are bundled from source. */
const externalExceptWorkspace = {
  name: "external-except-workspace",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@mido/") ? undefined : { path: args.path, external: true }))
  }
}

/** esbuild's options for Node ESM bundles of `entries` (name → absolute path) into `outdir`. */
const nodeBundle = (entries, outdir) => ({
  entryPoints: entries,
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20.19",
  conditions: ["@mido/source"],
  sourcemap: "linked",
  // names kept: errors, logs and Effect's spans name functions and classes
  keepNames: true,
  // shared chunks beside the entries: every module's import.meta.url is then dist/ itself
  chunkNames: "[name]-[hash]",
  plugins: [externalExceptWorkspace],
  logLevel: "warning"
})

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs `work` holding `lock` (a directory: mkdir is atomic); a lock older than `staleMs` was left by a killed build. */
export const withBuildLock = async (lock, work, staleMs = 300_000) => {
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (error) {
      if (error.code !== "EEXIST") throw error
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs
      if (since !== undefined && Date.now() - since > staleMs) rmSync(lock, { recursive: true, force: true })
      await sleep(200)
    }
  }
  try {
    return await work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/**
 * Builds `entries` into `dist` unless it is up to date: into a sibling directory first, then renamed
 * into place, so a process running the old dist/ never sees half of one. `after(dir)` copies what the
 * bundle reads beside itself. Answers what it did, for one line of output.
 */
export const buildIfStale = async ({ dist, entries, inputs, files = [], after = () => {}, force = false }) => {
  const stamp = join(dist, ".built")
  if (!force && !isStale(stamp, inputs, files)) return "up to date"
  return withBuildLock(`${dist}.lock`, async () => {
    if (!force && !isStale(stamp, inputs, files)) return "up to date"
    const started = performance.now()
    const { build } = await import("esbuild")
    const fresh = `${dist}.${process.pid}`
    rmSync(fresh, { recursive: true, force: true })
    await build(nodeBundle(entries, fresh))
    after(fresh)
    writeFileSync(join(fresh, ".built"), new Date().toISOString())
    rmSync(dist, { recursive: true, force: true })
    renameSync(fresh, dist)
    return `built in ${Math.round(performance.now() - started)} ms`
  })
}
