import react from "@vitejs/plugin-react"
import { defaultClientConditions } from "vite"
import { defineConfig } from "vitest/config"

// Component tests run in jsdom; Tailwind is left out (class names are asserted, not pixels).
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ["@mido/source", ...defaultClientConditions] },
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["src/test/setup.ts"],
    restoreMocks: true,
    testTimeout: 30_000
  }
})
