// Bundles one entry of a consumer project (one that installed the packed @mido/core) for the browser,
// the way another team's app would: Vite (rolldown) and esbuild, minified, ES2022, dependencies bundled,
// what `import()` loads lazily split off. The figure is what loads before the entry runs: the entry
// file and every chunk it imports statically (lib/staticImports.mjs), gzip -9. The workspace's own
// vite and esbuild do the bundling, so the check installs no bundler.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, join } from "node:path"
import { gzipSync } from "node:zlib"
import { build as esbuild } from "esbuild"
import { build as viteBuild } from "vite"
import { staticClosure } from "./staticImports.mjs"

const measure = (outDir, entryFile) => {
  const files = staticClosure(outDir, [`/${entryFile}`])
  const bytes = files.map((path) => readFileSync(join(outDir, path)))
  const minified = bytes.reduce((total, chunk) => total + chunk.length, 0)
  const gzip = bytes.reduce((total, chunk) => total + gzipSync(chunk, { level: 9 }).length, 0)
  const lazy = readdirSync(outDir, { recursive: true }).filter((name) => String(name).endsWith(".js")).length - files.length
  return { minified, gzip, files: files.length, lazy }
}

/** esbuild: bundle, minify, code splitting for `import()`. */
export const bundleWithEsbuild = async (projectDir, entry) => {
  const outDir = mkdtempSync(join(tmpdir(), "mido-esbuild-"))
  try {
    await esbuild({
      absWorkingDir: projectDir,
      entryPoints: [join(projectDir, entry)],
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      minify: true,
      outdir: outDir,
      entryNames: "[name]",
      logLevel: "silent"
    })
    return measure(outDir, `${basename(entry).replace(/\.ts$/, "")}.js`)
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

/** Vite as an app build with the entry as its input (no library mode: nothing is kept for exports). */
export const bundleWithVite = async (projectDir, entry) => {
  const outDir = mkdtempSync(join(tmpdir(), "mido-vite-"))
  try {
    await viteBuild({
      root: projectDir,
      configFile: false,
      logLevel: "silent",
      build: {
        outDir,
        emptyOutDir: true,
        minify: true,
        target: "es2022",
        modulePreload: false,
        rolldownOptions: { input: join(projectDir, entry), output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" } }
      }
    })
    return measure(outDir, `${basename(entry).replace(/\.ts$/, "")}.js`)
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}
