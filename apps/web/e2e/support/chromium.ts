import { existsSync } from "node:fs"
import { type BrowserServer, chromium } from "playwright-core"

/** Debian's chromium (scripts/ensure-system-packages.mjs installs it); a browser is never downloaded. */
export const CHROMIUM_PATH = "/usr/bin/chromium"

/**
 * Flags for a CI machine: no sandbox (runs as root in containers, where Chromium refuses to start
 * sandboxed), /tmp instead of a small /dev/shm, nothing phoning home, no GPU.
 * --disable-site-isolation-trials (Chromium's content_switches.cc, kDisableSiteIsolation): with site
 * isolation on, Chromium warms a spare renderer after a navigation (SpareRendererForSitePerProcess,
 * content/browser/renderer_host/spare_render_process_host_manager_impl.cc) for a context each test
 * closes moments later: 10 fresh contexts loading 5 pages cost 40 Chromium processes, 28 without
 * (the same 28 as with only that feature disabled), ~4 % of the browser's CPU there. The app is one
 * site (its storage origin differs only by port), so no test loses an isolation it relied on.
 * MIDO_E2E_CHROMIUM_ARGS="--a --b" adds flags for one run, to measure a flag's cost before adopting it.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-dev-shm-usage",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--font-render-hinting=none",
  "--disable-site-isolation-trials",
  ...(process.env.MIDO_E2E_CHROMIUM_ARGS ?? "").split(" ").filter((arg) => arg !== "")
]

/** One headless Chromium for the whole run; test files connect to it over its websocket. */
export const launchBrowserServer = (): Promise<BrowserServer> => {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: run \`node scripts/ensure-system-packages.mjs\` (as root) or \`apt-get install chromium fonts-noto-cjk\``)
  }
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, chromiumSandbox: false, args: CHROMIUM_ARGS })
}
