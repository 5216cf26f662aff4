import type { ServerConfig } from "../src/platform/config.js"

/** The config of a test server (no vitest import: the kill -9 test's child process uses it too). */
export const testConfig = (overrides: Partial<ServerConfig> = {}): ServerConfig => ({
  port: 0,
  host: "127.0.0.1",
  dataDir: "",
  databaseUrl: undefined,
  production: false,
  publicUrl: "http://127.0.0.1",
  // the storage listener takes a free port; the URLs it hands out name a stand-in origin unless a
  // test chooses real ports (filesFixtures' startFilesServer)
  storagePort: 0,
  storageUrl: "http://storage.localhost",
  secret: "test-secret-0123456789-0123456789",
  webDist: "/nonexistent",
  uploadDir: "/tmp/mido-test-uploads",
  seedDemo: false,
  seedCatalogue: false,
  // tests play several clients from one machine through X-Forwarded-For
  trustProxy: true,
  ...overrides
})
