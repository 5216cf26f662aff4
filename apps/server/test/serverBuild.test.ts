import { spawnSync } from "node:child_process"
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { serverPackageDir } from "../src/platform/packageDir.js"
import { builtServer } from "./builtEntry.js"

/**
 * The server runs from its build (ADR 0022): what the code reads relative to itself is found from
 * dist/ as from src/, and a stack trace names the TypeScript source.
 */
const SERVER_DIR = fileURLToPath(new URL("..", import.meta.url))

describe("the server's build", () => {
  it("finds the package directory (and so the web app's dist) from a bundle in dist/ as from src/platform/", () => {
    expect(serverPackageDir(join(SERVER_DIR, "dist", "chunk-ABC.js"))).toBe(SERVER_DIR.replace(/\/$/, ""))
    expect(serverPackageDir(join(SERVER_DIR, "src", "platform", "config.ts"))).toBe(SERVER_DIR.replace(/\/$/, ""))
  })

  it("ships every migration beside the bundle, where db/migrate.ts looks for them", async () => {
    await builtServer("main")
    const sql = (dir: string) => readdirSync(dir).filter((name) => name.endsWith(".sql")).sort()
    expect(sql(join(SERVER_DIR, "dist", "migrations"))).toEqual(sql(join(SERVER_DIR, "src", "db", "migrations")))
    expect(existsSync(join(SERVER_DIR, "dist", "toolWorker.js"))).toBe(true)
  })

  it("a start that fails names the TypeScript file and line (source maps), not the bundle", async () => {
    const run = spawnSync(process.execPath, await builtServer("main"), {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH, PORT: "not-a-port", DATA_DIR: "/nonexistent/mido-build-test" },
      encoding: "utf8",
      timeout: 60_000
    })
    expect(run.status).not.toBe(0)
    expect(run.stderr).toContain("PORT must be a port number, got not-a-port")
    expect(run.stderr).toMatch(/src\/platform\/config\.ts:\d+:\d+/)
  })
})
