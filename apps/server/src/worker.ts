// A generation worker process (npm run worker): the composition root of main.ts without the HTTP
// listeners, for scale-out on PostgreSQL (docs/deploy.md). It takes queued tasks, draws them and
// saves the results; API processes beside it may run with MIDO_WORKERS=0.
import { readConfig } from "./platform/config.js"
import { jsonLog } from "./platform/log.js"
import { errorFields } from "./platform/errorFields.js"
import { localAdapters } from "./adapters/localAdapters.js"
import { buildEngines, readEngineConfig } from "./adapters/engine/engineConfig.js"
import { openConfiguredDatabase, startWorkerProcess } from "./server.js"

const config = readConfig()
const log = jsonLog()
const engines = buildEngines(readEngineConfig(process.env))
if (config.databaseUrl === undefined) log.warn("worker on PGlite: the data directory is this process's alone; run workers in the server process instead (docs/deploy.md)")
const database = await openConfiguredDatabase(config, log)
const running = await startWorkerProcess(config, database, log, localAdapters(config, database.db, log, engines))
log.info("米豆AI generation worker running", { database: database.kind, engines: engines.all.map((engine) => engine.label) })

let stopping = false
const shutdown = (signal: string) => {
  if (stopping) return
  stopping = true
  log.info("worker shutting down", { signal })
  running.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      log.error("worker shutdown failed", errorFields(error))
      process.exit(1)
    }
  )
}
process.on("SIGTERM", () => shutdown("SIGTERM"))
process.on("SIGINT", () => shutdown("SIGINT"))
