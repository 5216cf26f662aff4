import { defineConfig } from "vitest/config"

export default defineConfig({
  resolve: { conditions: ["@mido/source"] },
  ssr: { resolve: { conditions: ["@mido/source"] } },
  test: { include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"], environment: "jsdom", testTimeout: 30_000 }
})
