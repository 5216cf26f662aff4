import { defineConfig } from "vitest/config"

export default defineConfig({
  resolve: { conditions: ["@mido/source"] },
  ssr: { resolve: { conditions: ["@mido/source"] } },
  test: { include: ["src/**/*.test.ts", "test/**/*.test.ts"], testTimeout: 30_000 }
})
