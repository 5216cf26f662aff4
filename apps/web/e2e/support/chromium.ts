import { existsSync } from "node:fs"
import { type BrowserServer, chromium } from "playwright-core"

/** Debian's chromium (scripts/ensure-system-packages.mjs installs it); a browser is never downloaded. */
export const CHROMIUM_PATH = "/usr/bin/chromium"

/**
 * Flags for a CI machine: no sandbox (runs as root in containers, where Chromium refuses to start
 * sandboxed), /tmp instead of a small /dev/shm, nothing phoning home, no GPU.
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
  "--font-render-hinting=none"
]

/** One headless Chromium for the whole run; test files connect to it over its websocket. */
export const launchBrowserServer = (): Promise<BrowserServer> => {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: run \`node scripts/ensure-system-packages.mjs\` (as root) or \`apt-get install chromium fonts-noto-cjk\``)
  }
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, chromiumSandbox: false, args: CHROMIUM_ARGS })
}
