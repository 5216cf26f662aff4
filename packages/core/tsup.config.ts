import { defineConfig } from "tsup"

export default defineConfig({
  entry: ["src/index.ts", "src/browser.ts", "src/node.ts", "src/contract.ts", "src/generation.ts", "src/account.ts", "src/files.ts", "src/circle.ts", "src/activity.ts", "src/article.ts", "src/admin.ts", "src/testing/index.ts"],
  external: ["vitest"],
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022"
})
