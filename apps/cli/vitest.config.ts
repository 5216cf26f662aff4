import { defineConfig } from "vitest/config"

export default defineConfig({
  resolve: { conditions: ["@mido/source"] },
  ssr: { resolve: { conditions: ["@mido/source"] } },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/globalSetup.ts"],
    testTimeout: 60_000,
    // the rules and the harness hold no module state a test could leak (no mocks, no stubbed env; the
    // process tests keep theirs in their own file): the core's module graph once per worker instead
    // of once per file cuts the suite's CPU (measured in .ci/run's comment)
    isolate: false
  }
})
