#!/usr/bin/env node
// Measures @mido/core's browser entry as Vite bundles it for the web app: every public export kept
// (library mode), minified, then gzip level 9. Prints a table; exits 1 over the budget, so CI fails.
//   node bench/core-bundle-size.mjs [--budget-kb 80]
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { gzipSync } from "node:zlib"
import { build } from "vite"

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
    lib: { entry: join(root, "packages/core/src/index.ts"), formats: ["es"], fileName: "core" },
    rollupOptions: { external: [] }
  }
})

const files = readdirSync(outDir).filter((name) => name.endsWith(".js"))
const bytes = Buffer.concat(files.map((name) => readFileSync(join(outDir, name))))
const gzip = gzipSync(bytes, { level: 9 }).length
rmSync(outDir, { recursive: true, force: true })

const kb = (n) => (n / 1024).toFixed(1)
const over = gzip > budgetKb * 1024
console.log("| bundle | minified KB | gzip KB | budget KB | result |")
console.log("|---|---|---|---|---|")
console.log(`| @mido/core browser entry (all exports, effect included) | ${kb(bytes.length)} | ${kb(gzip)} | ${budgetKb} | ${over ? "OVER" : "ok"} |`)
process.exit(over ? 1 : 0)
