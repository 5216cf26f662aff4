#!/usr/bin/env node
// Measures @mido/core's browser entries (`.` and `./browser`, the adapters a web app composes it with)
// as Vite bundles them for the web app: every public export kept (library mode), minified, then gzip level 9. The entry chunk is what every page loads; chunks the
// core imports lazily (the services loaded on first use, jszip for batch downloads) are listed apart;
// chunks the entry imports statically count as the entry. Prints a table; exits 1 when the
// entry is over the budget, so CI fails. The budget and why it is what it is: docs/adr/0005, docs/adr/0029, docs/adr/0030.
// What another team's app pays, from the packed tarballs: scripts/check-packages.mjs (bench/README.md).
//   node bench/core-bundle-size.mjs [--budget-kb 80]
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { gzipSync } from "node:zlib"
import { build } from "vite"
import { staticClosure } from "./lib/staticImports.mjs"

const budgetArg = process.argv.indexOf("--budget-kb")
const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 80
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
    lib: {
      entry: { core: join(root, "packages/core/src/index.ts"), browser: join(root, "packages/core/src/browser.ts") },
      formats: ["es"],
      fileName: (_format, entryName) => `${entryName}.js`
    },
    // as the web app builds (apps/web/vite.config.ts): what loads with the entry is one file
    rolldownOptions: { external: [], output: { codeSplitting: { groups: [{ name: "core-initial", tags: ["$initial"] }] } } }
  }
})

const measure = (name) => {
  const bytes = readFileSync(join(outDir, name))
  return { name, minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
}
const names = readdirSync(outDir).filter((name) => name.endsWith(".js"))
const entryNames = names.filter((name) => name === "core.js" || name === "browser.js")
// the entries and the chunks they import statically load together: together they are "the entry"
const entryFiles = new Set(staticClosure(outDir, entryNames.map((name) => `/${name}`)).map((path) => path.slice(1)))
const files = names.map(measure)
rmSync(outDir, { recursive: true, force: true })

const kb = (n) => (n / 1024).toFixed(1)
const sum = (rows, key) => rows.reduce((total, row) => total + row[key], 0)
const entry = files.filter((file) => entryFiles.has(file.name))
const entryGzip = sum(entry, "gzip")
const over = entryNames.length < 2 || entryGzip > budgetKb * 1024
console.log("| chunk | minified KB | gzip KB | budget KB | result |")
console.log("|---|---|---|---|---|")
for (const file of entry) console.log(`| entry: ${file.name} | ${kb(file.minified)} | ${kb(file.gzip)} | - | loaded with the core |`)
console.log(`| **@mido/core browser entries: . and ./browser (all exports, effect included)** | ${kb(sum(entry, "minified"))} | **${kb(entryGzip)}** | ${budgetKb} | ${over ? "OVER" : "ok"} |`)
for (const file of files.filter((file) => !entryFiles.has(file.name))) {
  console.log(`| lazy chunk ${file.name} | ${kb(file.minified)} | ${kb(file.gzip)} | - | loaded on use |`)
}
process.exit(over ? 1 : 0)
