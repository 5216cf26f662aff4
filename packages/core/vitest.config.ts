import { defineConfig } from "vitest/config"

export default defineConfig({
  resolve: { conditions: ["@mido/source"] },
  ssr: { resolve: { conditions: ["@mido/source"] } },
  // a hook that imports a lazy chunk compiles it from source: seconds on a busy 2-core machine
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // the core holds no module state a test could leak (ports come in through layers): one module
    // graph per worker instead of one per file takes the suite from ~60 s to ~18 s on 2 cores
    isolate: false
  }
})
