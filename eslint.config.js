// One lint config for the monorepo. Besides correctness rules it enforces two habits of
// ../shared/design.md: the dependency rule of §1 (as import restrictions per folder) and the
// 400-line hard cap per source file.
import js from "@eslint/js"
import globals from "globals"
import tseslint from "typescript-eslint"

// Tests may wire in-memory adapters and node helpers; the rule guards shipped code.
const restrict = (files, patterns, message) => ({
  files,
  ignores: ["**/*.test.ts", "**/*.test.tsx"],
  rules: {
    "no-restricted-imports": ["error", { patterns: [{ group: patterns, message }] }]
  }
})

const browserAndRuntime = ["ofetch", "node:*", "react", "react-dom", "mobx", "mobx-react-lite"]

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/coverage/**", "**/.turbo/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    rules: {
      "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }]
    }
  },
  {
    files: ["**/*.test.{ts,tsx}", "**/test/**", "**/e2e/**"],
    rules: { "max-lines": "off" }
  },
  {
    files: ["**/bin/*.js", "**/*.mjs"],
    languageOptions: { globals: globals.node }
  },
  restrict(
    ["packages/core/src/domain/**/*.ts"],
    ["**/ports", "**/ports/**", "**/services/**", "**/adapters/**", "**/api/**", "**/runtime/**", "@mido/*", ...browserAndRuntime],
    "domain is pure: it imports only other domain files, effect and @noble/hashes (design.md §1, §7)"
  ),
  {
    files: ["packages/core/src/domain/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-globals": ["error", "window", "document", "localStorage", "sessionStorage", "fetch", "XMLHttpRequest", "navigator", "location", "process", "Buffer"],
      "no-restricted-properties": [
        "error",
        { object: "Date", property: "now", message: "domain rules take `now` as an argument" },
        { object: "Math", property: "random", message: "domain rules take randomness as an argument" }
      ]
    }
  },
  restrict(
    ["packages/core/src/ports/**/*.ts"],
    ["**/services/**", "**/adapters/**", "**/runtime/**", "@mido/*", ...browserAndRuntime],
    "ports depend on the domain only (design.md §1)"
  ),
  restrict(
    ["packages/core/src/api/**/*.ts"],
    ["**/services/**", "**/adapters/**", "**/runtime/**", "@mido/*", ...browserAndRuntime],
    "the API contract is schemas and errors; it never reaches for adapters or services (design.md §1)"
  ),
  restrict(
    ["packages/core/src/services/**/*.ts"],
    ["**/adapters/**", "@mido/*", ...browserAndRuntime],
    "services use ports, never adapters (design.md §1)"
  ),
  restrict(
    ["packages/react/src/**/*.{ts,tsx}"],
    ["@mido/core/src/**", "@mido/core/dist/**", "@mido/core/node", "@mido/core/contract", "@mido/core/testing", "ofetch"],
    "@mido/react imports only @mido/core and @mido/core/browser (design.md §1)"
  ),
  restrict(
    ["apps/web/src/components/**/*.{ts,tsx}", "apps/web/src/pages/**/*.{ts,tsx}"],
    ["ofetch", "effect", "effect/*", "@mido/core", "@mido/core/*", "**/adapters/**"],
    "components talk to stores and plain props only (design.md §1)"
  ),
  restrict(
    ["apps/cli/src/**/*.ts", "apps/server/src/**/*.ts"],
    ["@mido/core/src/**", "@mido/core/dist/**", "**/packages/core/**"],
    "apps use @mido/core's public entries only (., ./browser, ./contract, ./node, ./testing)"
  )
)
