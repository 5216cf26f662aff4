import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import tailwindcss from "@tailwindcss/vite"
import react from "@vitejs/plugin-react"
import { type Alias, defaultClientConditions, defineConfig } from "vite"
import { landingPreload } from "./landingPreload"

// The reference server (apps/server) listens here in development; see docs/deploy.md.
const backend = "http://localhost:8080"

/**
 * react-router 7's package exports only its development build (dev warnings and checks; remix-run/react-router
 * #12532, #14753). A production build takes the production files shipped beside it: one copy of the
 * router either way, since react-router-dom re-exports these two entries.
 */
const reactRouterProductionBuild = (): Array<Alias> => {
  const dist = join(dirname(createRequire(import.meta.url).resolve("react-router")), "..", "production")
  return [
    { find: /^react-router$/, replacement: join(dist, "index.mjs") },
    { find: /^react-router\/dom$/, replacement: join(dist, "dom-export.mjs") }
  ]
}

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss(), landingPreload()],
  resolve: {
    // Workspace packages resolve to their TypeScript source (docs/adr/0004-source-export-condition.md).
    conditions: ["@mido/source", ...defaultClientConditions],
    alias: command === "build" && mode === "production" ? reactRouterProductionBuild() : []
  },
  server: {
    // the API and the server's help pages: images and uploads go to the storage origin the server names (R20, docs/deploy.md)
    proxy: { "/api": { target: backend, changeOrigin: true }, "/help": { target: backend, changeOrigin: true } }
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // no modulepreload polyfill in the first load (ADR 0007): every browser of the build target runs the
    // app without it; the few that lack <link rel="modulepreload"> (Safari < 17, Firefox < 115) fetch a
    // lazy chunk's imports when they parse it instead of beside it
    modulePreload: { polyfill: false },
    // Everything the first load needs in one file: left alone, Rolldown cuts it into small files wherever
    // lazy chunks share a module with it, which costs requests and gzip context (bench/web-first-load.mjs).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] } } }
  }
}))
