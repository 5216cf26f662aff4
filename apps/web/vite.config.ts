import tailwindcss from "@tailwindcss/vite"
import react from "@vitejs/plugin-react"
import { defaultClientConditions, defineConfig } from "vite"

// The reference server (apps/server) listens here in development; see docs/deploy.md.
const backend = "http://localhost:8080"

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // Workspace packages resolve to their TypeScript source (docs/adr/0004-source-export-condition.md).
  resolve: { conditions: ["@mido/source", ...defaultClientConditions] },
  server: {
    proxy: {
      "/api": { target: backend, changeOrigin: true },
      "/uploads": { target: backend, changeOrigin: true },
      "/storage": { target: backend, changeOrigin: true }
    }
  },
  build: { outDir: "dist", emptyOutDir: true }
})
