// A server process for the seed crash test (seedCrash.test.ts): the real startServer seeding the demo
// on the database the test names, with the seed's crash hook set from SEED_CRASH_AT. Prints one JSON
// line when listening; SIGTERM stops it cleanly. Not a test itself; the test runs it from dist-test/ (builtEntry.ts).
import { readFileSync } from "node:fs"
import { openPglite, openPostgres } from "../src/db/database.js"
import { localAdapters } from "../src/adapters/localAdapters.js"
import { silentLog } from "../src/platform/log.js"
import { startServer } from "../src/server.js"
import { testConfig } from "./testServerConfig.js"

const env = process.env
const database = env.SEED_DATABASE_URL
  ? await openPostgres(env.SEED_DATABASE_URL)
  : await openPglite({ dataDir: env.SEED_DATA_DIR!, ...(env.SEED_TEMPLATE ? { loadDataDir: new Blob([readFileSync(env.SEED_TEMPLATE)]) } : {}) })
const config = testConfig({
  uploadDir: env.SEED_UPLOAD_DIR!,
  seedDemo: true,
  seedCatalogue: true,
  workers: false,
  ...(env.SEED_CRASH_AT ? { seedCrashAt: env.SEED_CRASH_AT } : {})
})
const running = await startServer(config, database, silentLog, localAdapters(config, database.db, silentLog))
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`)
process.on("SIGTERM", () => void running.stop().then(() => process.exit(0)))
