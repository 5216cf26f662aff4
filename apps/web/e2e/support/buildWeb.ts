import { spawnSync } from "node:child_process"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { webRoot } from "./paths"

/**
 * Builds the web app for production into `outDir` (a temporary folder, never apps/web/dist, so a
 * run cannot race another `vite build` on the same machine). Takes a few seconds.
 */
export const buildWeb = (outDir: string): void => {
  const viteBin = join(dirname(createRequire(import.meta.url).resolve("vite/package.json")), "bin", "vite.js")
  const result = spawnSync(process.execPath, [viteBin, "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"], {
    cwd: webRoot,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" }
  })
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`)
}
