import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { TestProject } from "vitest/node"
import { buildWeb } from "./buildWeb"
import { launchBrowserServer } from "./chromium"
import { artifactsDir } from "./paths"
import { buildServer, startServer } from "./startServer"

declare module "vitest" {
  export interface ProvidedContext {
    /** The server under test, e.g. http://127.0.0.1:41234 (it also serves the built web app). */
    baseUrl: string
    /** The shared Chromium's websocket endpoint (chromium.connect). */
    browserWsEndpoint: string
    /** The built web app the server serves (a file starting a server of its own serves it too). */
    webDist: string
  }
}

const timed = async <T>(label: string, step: () => Promise<T> | T): Promise<T> => {
  const started = Date.now()
  const result = await step()
  console.log(`[e2e] ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return result
}

/**
 * Once per run: build the web app, start the real server on a fresh database serving that build,
 * launch Chromium. While iterating: MIDO_E2E_WEB_DIST=<a build> skips the build; MIDO_E2E_SERVER_URL=<url>
 * uses a server already running (development mode, serving a build), whose data outlives the run.
 */
export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(join(tmpdir(), "mido-e2e-"))
  // only this run's screenshots and failures: stale pictures would mislead whoever looks
  for (const folder of ["screenshots", "failures"]) rmSync(join(artifactsDir, folder), { recursive: true, force: true })
  mkdirSync(artifactsDir, { recursive: true })
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(workDir, { recursive: true, force: true })]
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup()
      } catch (error) {
        console.error("[e2e] teardown step failed:", error)
      }
    }
  }
  try {
    let serverUrl = process.env.MIDO_E2E_SERVER_URL
    const webDist = process.env.MIDO_E2E_WEB_DIST ?? join(workDir, "web-dist")
    project.provide("webDist", webDist)
    if (serverUrl === undefined) {
      // the server's build (a child process) runs beside the web app's
      const serverBuilt = timed("built the server", buildServer)
      if (process.env.MIDO_E2E_WEB_DIST === undefined) await timed("built the web app", () => buildWeb(webDist))
      await serverBuilt
      const server = await timed("started the server (fresh database, demo data)", () =>
        startServer({ dataDir: join(workDir, "data"), webDist, logFile: join(artifactsDir, "server.log") }))
      cleanups.push(server.stop)
      serverUrl = server.baseUrl
    }
    // the demo seed gives each new account a sign-up grant; the tests meet a new account with 0 beans,
    // as production's default gives (accountFirst.e2e.ts turns the grant on for its own accounts)
    await fetch(new URL("/api/dev/config", serverUrl), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ key: "points.signup-grant", value: "0" })
    })
    const browser = await timed("launched Chromium", launchBrowserServer)
    cleanups.push(() => browser.close())
    project.provide("baseUrl", serverUrl)
    project.provide("browserWsEndpoint", browser.wsEndpoint())
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}
