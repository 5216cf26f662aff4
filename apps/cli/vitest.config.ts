import { defineConfig } from "vitest/config"

export default defineConfig({
  resolve: { conditions: ["@mido/source"] },
  ssr: { resolve: { conditions: ["@mido/source"] } },
  test: { include: ["src/**/*.test.ts", "test/**/*.test.ts"], globalSetup: ["test/globalSetup.ts"], testTimeout: 60_000 }
})
