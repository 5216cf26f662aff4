import { serve, type ServerType } from "@hono/node-server"
import type { ServerConfig } from "./config.js"
import { type Database, openPglite, openPostgres } from "./db/database.js"
import { migrate } from "./db/migrate.js"
import { objectStoreFor } from "./domain-services/storage.js"
import { seedDemo } from "./seed/seedDemo.js"
import { buildApp } from "./http/app.js"
import type { Log, ServerDeps } from "./http/deps.js"

export interface RunningServer {
  readonly url: string
  readonly deps: ServerDeps
  readonly stop: () => Promise<void>
}

/** Opens the database the config names (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR). */
export const openConfiguredDatabase = (config: ServerConfig, log: Log): Promise<Database> =>
  config.databaseUrl !== undefined
    ? openPostgres(config.databaseUrl, (error) => log.error("database pool error; the connection will be replaced", { error: error.message }))
    : openPglite({ dataDir: config.dataDir })

/** Migrates, builds the app and listens. `stop` closes the listener first, then the database. */
export const startServer = async (config: ServerConfig, database: Database, log: Log): Promise<RunningServer> => {
  const applied = await migrate(database)
  if (applied.length > 0) log.info("migrations applied", { applied })
  const deps: ServerDeps = { db: database.db, config, now: () => new Date(), log }
  if (config.seedDemo) await seedDemo(database.db, config, objectStoreFor(config), log)
  const app = buildApp(deps)
  const server: ServerType = await new Promise((resolve) => {
    const listening = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(listening))
  })
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : config.port
  return {
    url: `http://${config.host === "0.0.0.0" ? "127.0.0.1" : config.host}:${port}`,
    deps,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await database.close()
    }
  }
}
