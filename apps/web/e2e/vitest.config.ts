import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

// Browser tests: the built app in Debian's headless Chromium against the real server on a fresh
// database (support/globalSetup.ts). Files run one after another in one worker: they share the
// server and the browser, and the machine's cores.
export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  // a test that reads a rule of the core (the infotext parser) takes it from source: no build needed
  resolve: { conditions: ["@mido/source"] },
  ssr: { resolve: { conditions: ["@mido/source"] } },
  test: {
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/support/globalSetup.ts"],
    setupFiles: ["e2e/support/setup.ts"],
    environment: "node",
    fileParallelism: false,
    maxWorkers: 1,
    // a whole flow (log in, pay on a second page, wait for the dialog's poll) on a 2-core CI machine that
    // also runs the server and CLI suites: a hang still fails at the first wait that never ends
    testTimeout: 120_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    slowTestThreshold: 10_000
  }
})
