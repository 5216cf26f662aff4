import { defineConfig } from "vitest/config"

export default defineConfig({
  resolve: { conditions: ["@mido/source"] },
  ssr: { resolve: { conditions: ["@mido/source"] } },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/globalSetup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are large: keep few test files in flight on 2 cores
    maxWorkers: 2,
    // each suite opens its own database and server (test/*Fixtures.ts); importing the app's modules
    // once per worker rather than once per file takes the PGlite run to ~3.5 min on 2 cores
    isolate: false
  }
})
