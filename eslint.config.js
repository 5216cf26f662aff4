// One lint config for the monorepo. Besides correctness rules it enforces two habits of
// docs/ARCHITECTURE.md: the dependency rule (as import restrictions per folder) and the
// 400-line hard cap per source file.
import js from "@eslint/js"
import globals from "globals"
import tseslint from "typescript-eslint"

// Tests may wire in-memory adapters and node helpers; the rule guards shipped code. Flat config keeps
// only the last no-restricted-imports that matches a file, so a rule that narrows a wider one passes
// the wider one's groups along in `more`.
const restrict = (files, patterns, message, ...more) => ({
  files,
  ignores: ["**/*.test.ts", "**/*.test.tsx"],
  rules: {
    "no-restricted-imports": ["error", { patterns: [{ group: patterns, message }, ...more] }]
  }
})

const browserAndRuntime = ["ofetch", "node:*", "react", "react-dom", "mobx", "mobx-react-lite"]

const coreEntriesOnly = [["@mido/core/src/**", "@mido/core/dist/**", "**/packages/core/**"], "apps use @mido/core's public entries only (., ./browser, ./contract, ./node, ./generation, ./account, ./files, ./article, ./testing)"]
const coreEntriesGroup = { group: coreEntriesOnly[0], message: coreEntriesOnly[1] }
// apps/server: an adapter's port is its *Port.ts file; everything else under adapters/ is an implementation
const serverFeatures = ["**/features/**"]
const adapterImplementations = ["**/adapters/*.js", "**/adapters/*/**", "!**/adapters/*/*Port.js"]
const serverStart = ["**/seed/**", "**/jobs/**", "**/app.js", "**/server.js", "**/main.js"]

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
    "domain is pure: it imports only other domain files, effect and @noble/hashes (docs/ARCHITECTURE.md, the dependency rule; ADR 0008)"
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
    "ports depend on the domain only (docs/ARCHITECTURE.md, the dependency rule)"
  ),
  restrict(
    ["packages/core/src/api/**/*.ts"],
    ["**/services/**", "**/adapters/**", "**/runtime/**", "@mido/*", ...browserAndRuntime],
    "the API contract is schemas and errors; it never reaches for adapters or services (docs/ARCHITECTURE.md, the dependency rule)"
  ),
  restrict(
    ["packages/core/src/services/**/*.ts"],
    ["**/adapters/**", "@mido/*", ...browserAndRuntime],
    "services use ports, never adapters (docs/ARCHITECTURE.md, the dependency rule)"
  ),
  restrict(
    ["packages/react/src/**/*.{ts,tsx}"],
    ["@mido/core/src/**", "@mido/core/dist/**", "@mido/core/node", "@mido/core/contract", "@mido/core/testing", "ofetch"],
    "@mido/react imports only @mido/core and @mido/core/browser (docs/ARCHITECTURE.md, the dependency rule)"
  ),
  restrict(
    ["apps/web/src/components/**/*.{ts,tsx}", "apps/web/src/pages/**/*.{ts,tsx}"],
    ["ofetch", "effect", "effect/*", "@mido/core", "@mido/core/*", "**/adapters/**"],
    "components talk to stores and plain props only (docs/ARCHITECTURE.md, the dependency rule)"
  ),
  restrict(
    ["apps/cli/src/**/*.ts", "apps/server/src/**/*.ts"],
    ...coreEntriesOnly
  ),
  // The server's arrows point one way (apps/server/CONTEXT.md "Layout"): main.ts / server.ts / app.ts
  // compose; features use platform, db, adapters' ports and other features' services; adapters use
  // platform and db; platform uses db and ports only. Seed data and jobs belong to the start.
  restrict(
    ["apps/server/src/platform/**/*.ts"],
    [...serverFeatures, ...adapterImplementations, ...serverStart],
    "platform imports no feature, no adapter implementation (ports only), no seed, no jobs",
    coreEntriesGroup
  ),
  restrict(
    ["apps/server/src/adapters/**/*.ts"],
    [...serverFeatures, ...serverStart],
    "adapters import only platform, db and other adapters, never a feature, seed or jobs",
    coreEntriesGroup
  ),
  restrict(
    ["apps/server/src/features/**/*.ts"],
    [...adapterImplementations, ...serverStart, "../*/*Routes.js"],
    "features import platform, db, adapters' ports (*Port.ts) and other features' service functions (not their routes), never an adapter implementation, seed or jobs",
    coreEntriesGroup
  ),
  restrict(
    ["apps/server/src/db/**/*.ts"],
    [...serverFeatures, "**/adapters/**", "**/platform/**", ...serverStart],
    "db holds the schema and migrations; it imports nothing of the server above it",
    coreEntriesGroup
  ),
  restrict(
    ["apps/server/src/app.ts"],
    [...adapterImplementations, "**/seed/**", "**/jobs/**"],
    "the app assembles features on the adapters it is given; the composition root builds them, seeds and runs jobs",
    coreEntriesGroup
  )
)
