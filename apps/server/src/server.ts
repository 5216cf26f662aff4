import { serve, type ServerType } from "@hono/node-server"
import { FEED_CACHE_MS, type ServerConfig } from "./platform/config.js"
import { type Database, openPglite, openPostgres } from "./db/database.js"
import { migrate } from "./db/migrate.js"
import { seedCatalogue } from "./seed/commerceSeed.js"
import { warnOfDemoDataInProduction } from "./seed/demoPresence.js"
import { seedDemo, type SeedStep } from "./seed/seedDemo.js"
import { ensurePresetCovers } from "./seed/presetCovers.js"
import { buildApp } from "./app.js"
import type { Log } from "./platform/log.js"
import type { ServerAdapters, ServerDeps } from "./platform/deps.js"
import { buildStorageApp } from "./features/files/storageOrigin.js"
import { ledgerKeyOf } from "./features/beans/ledgerKey.js"
import { makeKeyedSignal } from "./platform/keyedSignal.js"
import { makeAnswerCache } from "./platform/answerCache.js"
import { shareChangesAcrossProcesses } from "./platform/processChanges.js"
import { makeSessionCache, SESSION_CACHE_MS } from "./platform/sessionCache.js"
import { makeViewerFlagCache } from "./platform/viewerFlagCache.js"
import { makeBatchedCounts } from "./platform/batchedCounts.js"
import { writeArtworkViews } from "./features/artworks/artworkInfo.js"
import { startPgBossQueue } from "./adapters/queue/pgBossQueue.js"
import { startGenerationWorkers } from "./features/generation/generationRuntime.js"

/** How long a stop waits for running generation tasks before pg-boss is stopped anyway. */
const QUEUE_STOP_MS = 10_000

export interface RunningServer {
  readonly url: string
  /** Where the storage listener answers (R20: its own origin); STORAGE_URL is its public name. */
  readonly storageUrl: string
  readonly deps: ServerDeps
  readonly stop: () => Promise<void>
}

/** Opens the database the config names (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR). */
export const openConfiguredDatabase = (config: ServerConfig, log: Log): Promise<Database> =>
  config.databaseUrl !== undefined
    ? openPostgres(config.databaseUrl, (error) => log.error("database pool error; the connection will be replaced", { error: error.message }))
    : openPglite({ dataDir: config.dataDir })

const KEEP_ALIVE_TIMEOUT_MS = 65_000

/** Listens with one Hono app; a port already taken rejects instead of crashing the process. */
const listen = (fetch: (request: Request) => Response | Promise<Response>, port: number, host: string): Promise<ServerType> =>
  new Promise((resolve, reject) => {
    const listening = serve({ fetch, port, hostname: host }, () => {
      listening.off("error", reject)
      resolve(listening)
    })
    // Idle keep-alive sockets outlive any client's or load balancer's idle timeout (60 s is common), so
    // the server never closes one just as a client reuses it (an ECONNRESET under load otherwise).
    if ("keepAliveTimeout" in listening) {
      listening.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
      listening.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000
    }
    listening.once("error", reject)
  })

const loopbackUrl = (server: ServerType, host: string, fallbackPort: number) => {
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : fallbackPort
  return `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`
}

/**
 * How long a stop lets requests in flight finish before it cuts every connection still open: a task's
 * event stream never ends by itself, and a client that stopped sending a refused upload's body holds
 * its connection until the keep-alive timeout (65 s), so a restart would wait that long or forever.
 */
const STOP_GRACE_MS = 5_000

/** Stops listening, closes idle connections at once and the rest after STOP_GRACE_MS. */
const close = (server: ServerType) =>
  new Promise<void>((resolve) => {
    const cut = "closeAllConnections" in server ? setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS) : undefined
    server.close(() => {
      clearTimeout(cut)
      resolve()
    })
    if ("closeIdleConnections" in server) server.closeIdleConnections()
  })

/**
 * The first start's data, before the queue starts: the catalogue (idempotent), the demo when asked
 * (SEED_DEMO; one transaction, so a crash leaves none of it and the next start seeds it whole), and
 * in production a loud warning when demo data is there.
 */
const seedAtStart = async (config: ServerConfig, database: Database, log: Log, adapters: ServerAdapters) => {
  if (config.seedCatalogue !== false) await seedCatalogue(database.db)
  if (config.seedDemo) {
    await seedDemo(database.db, config, adapters.objectStore, log, config.seedCrashAt === undefined ? {} : { crashAt: config.seedCrashAt as SeedStep })
  }
  if (config.production) await warnOfDemoDataInProduction(database.db, log, new Date())
}

/** How long a process keeps the moderation word list without an edit (an edit clears it in every process). */
const MODERATION_WORDS_TTL_MS = 5 * 60_000

/** This process's feed cache, task wake-ups and word list, shared with the other processes on PostgreSQL (LISTEN/NOTIFY, ADR 0019). */
const processChanges = (config: ServerConfig, database: Database, log: Log) =>
  shareChangesAcrossProcesses({
    feedCache: makeAnswerCache({ ttlMs: config.feedCacheMs ?? FEED_CACHE_MS }),
    taskChanges: makeKeyedSignal(),
    moderationWords: makeAnswerCache({ ttlMs: MODERATION_WORDS_TTL_MS }),
    sessions: makeSessionCache({ ttlMs: SESSION_CACHE_MS }),
    viewerFlags: makeViewerFlagCache()
  }, database.notifications, log)

/** How often a process writes the artworks' views it counted (one statement for all of them). */
const ARTWORK_VIEWS_EVERY_MS = 1_000

/** What every feature reaches (platform/deps.ts), over this process's queue and shared changes. */
const depsOf = (config: ServerConfig, database: Database, log: Log, adapters: ServerAdapters, jobQueue: ServerDeps["jobQueue"], changes: Awaited<ReturnType<typeof processChanges>>): ServerDeps => ({
  ...adapters,
  db: database.db,
  config,
  now: () => new Date(),
  log,
  ledgerKey: ledgerKeyOf(config),
  jobQueue,
  taskChanges: changes.taskChanges,
  feedCache: changes.feedCache,
  moderationWords: changes.moderationWords,
  sessions: changes.sessions,
  viewerFlags: changes.viewerFlags,
  artworkViews: makeBatchedCounts({ everyMs: ARTWORK_VIEWS_EVERY_MS, write: writeArtworkViews(database.db), log, what: "artwork views" })
})

/**
 * Migrates, builds the app and listens: the app on PORT, the storage origin on STORAGE_PORT (R20),
 * one process, with the adapters the composition root built, and the generation queue with its
 * workers. `stop` closes the listeners first, then the queue, then the database.
 */
export const startServer = async (config: ServerConfig, database: Database, log: Log, adapters: ServerAdapters): Promise<RunningServer> => {
  const applied = await migrate(database)
  if (applied.length > 0) log.info("migrations applied", { applied })
  await seedAtStart(config, database, log, adapters)
  const jobQueue = await startPgBossQueue(database.queueSql(), log)
  const changes = await processChanges(config, database, log)
  const deps = depsOf(config, database, log, adapters, jobQueue, changes)
  const stopQueue = async () => {
    workers?.stop()
    await jobQueue.stop(QUEUE_STOP_MS)
    await adapters.tools.close()
    await changes.stop()
  }
  let workers: { stop: () => void } | undefined
  try {
    await ensurePresetCovers(deps.objectStore, log)
    // MIDO_WORKERS=0: an API-only process (workers run in `npm run worker` processes, docs/deploy.md)
    if (config.workers !== false) workers = await startGenerationWorkers(deps)
  } catch (error) {
    await stopQueue()
    throw error
  }
  const app = buildApp(deps)
  const storage = await listen(buildStorageApp(deps, deps.objectStore).fetch, config.storagePort, config.host).catch(async (error: unknown) => {
    await stopQueue()
    throw error
  })
  const server = await listen(app.fetch, config.port, config.host).catch(async (error: unknown) => {
    await close(storage)
    await stopQueue()
    throw error
  })
  return {
    url: loopbackUrl(server, config.host, config.port),
    storageUrl: loopbackUrl(storage, config.host, config.storagePort),
    deps,
    stop: async () => {
      await Promise.all([close(server), close(storage)])
      // the queue (and the tasks it runs) stops before the database closes: a late write would crash Node 20
      await stopQueue()
      await deps.artworkViews.stop()
      await database.close()
    }
  }
}

/**
 * A worker-only process (`npm run worker`, src/worker.ts): migrates, starts the queue and the
 * generation workers, and listens nowhere. For scale-out on PostgreSQL (docs/deploy.md); on PGlite
 * the one server process runs the workers itself.
 */
export const startWorkerProcess = async (config: ServerConfig, database: Database, log: Log, adapters: ServerAdapters): Promise<{ readonly stop: () => Promise<void> }> => {
  const applied = await migrate(database)
  if (applied.length > 0) log.info("migrations applied", { applied })
  const jobQueue = await startPgBossQueue(database.queueSql(), log)
  const changes = await processChanges(config, database, log)
  const deps = depsOf(config, database, log, adapters, jobQueue, changes)
  const workers = await startGenerationWorkers(deps).catch(async (error: unknown) => {
    await jobQueue.stop(QUEUE_STOP_MS)
    await changes.stop()
    throw error
  })
  return {
    stop: async () => {
      workers.stop()
      await jobQueue.stop(QUEUE_STOP_MS)
      await adapters.tools.close()
      await changes.stop()
      await deps.artworkViews.stop()
      await database.close()
    }
  }
}
