#!/usr/bin/env node
// Measures @mido/core's browser entry as Vite bundles it for the web app: every public export kept
// (library mode), minified, then gzip level 9. The entry chunk is what every page loads; chunks the
// core imports lazily (jszip for batch downloads) are listed apart. Prints a table; exits 1 when the
// entry is over the budget, so CI fails. The budget and why it is what it is: docs/adr/0005.
//   node bench/core-bundle-size.mjs [--budget-kb 110]
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { gzipSync } from "node:zlib"
import { build } from "vite"

const budgetArg = process.argv.indexOf("--budget-kb")
const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 110
const root = resolve(import.meta.dirname, "..")
const outDir = mkdtempSync(join(tmpdir(), "mido-bundle-"))

await build({
  root,
  logLevel: "silent",
  configFile: false,
  resolve: { conditions: ["@mido/source", "browser", "import", "module", "default"] },
  build: {
    outDir,
    emptyOutDir: true,
    minify: true,
    target: "es2022",
    lib: { entry: join(root, "packages/core/src/index.ts"), formats: ["es"], fileName: "core" },
    rollupOptions: { external: [] }
  }
})

const measure = (name) => {
  const bytes = readFileSync(join(outDir, name))
  return { name, minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
}
const files = readdirSync(outDir).filter((name) => name.endsWith(".js")).map(measure)
rmSync(outDir, { recursive: true, force: true })

const kb = (n) => (n / 1024).toFixed(1)
const entry = files.find((file) => file.name.startsWith("core"))
const over = entry === undefined || entry.gzip > budgetKb * 1024
console.log("| chunk | minified KB | gzip KB | budget KB | result |")
console.log("|---|---|---|---|---|")
for (const file of files) {
  const isEntry = file === entry
  const label = isEntry ? "@mido/core browser entry (all exports, effect included)" : `lazy chunk ${file.name}`
  console.log(`| ${label} | ${kb(file.minified)} | ${kb(file.gzip)} | ${isEntry ? budgetKb : "-"} | ${isEntry ? (over ? "OVER" : "ok") : "loaded on use"} |`)
}
process.exit(over ? 1 : 0)
