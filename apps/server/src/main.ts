// The server's composition root: environment in, adapters chosen, one process listening.
import { readConfig } from "./platform/config.js"
import { jsonLog } from "./platform/log.js"
import { errorFields } from "./platform/errorFields.js"
import { localAdapters } from "./adapters/localAdapters.js"
import { buildEngines, readEngineConfig } from "./adapters/engine/engineConfig.js"
import { buildAssistant, readAssistantConfig } from "./adapters/assistant/assistantConfig.js"
import { openConfiguredDatabase, startServer } from "./server.js"
import { startServerJobs } from "./jobs/serverJobs.js"
import { readWechatMpSettings } from "./platform/wechatMpConfig.js"
import { wechatMpClient } from "./adapters/wechat/wechatMpClient.js"
import { refuseStandInsInProduction } from "./platform/productionStandIns.js"

const config = readConfig()
// a production start on the sandbox pay, SMS outbox or simulated WeChat scan stops here, naming the variables
refuseStandInsInProduction(process.env)
// a misconfigured engine stops the start here, with the variable named (docs/engines.md)
const engines = buildEngines(readEngineConfig(process.env))
const wechatMp = readWechatMpSettings(process.env)
const log = jsonLog()
const database = await openConfiguredDatabase(config, log)
const running = await startServer(config, database, log, {
  ...localAdapters(config, database.db, log, engines, buildAssistant(readAssistantConfig(process.env))),
  // WeChat QR login through the Official Account when WECHAT_MP_* are set (docs/deploy.md "WeChat login")
  ...(wechatMp !== undefined ? { wechatMp: wechatMpClient(wechatMp, database.db) } : {})
})
// periodic jobs: every process runs a runner; leases in the database make each job run once (docs/deploy.md)
const jobs = startServerJobs(running.deps)
log.info("米豆AI server listening", { url: running.url, storage: running.storageUrl, storageUrl: config.storageUrl, database: database.kind, dataDir: config.databaseUrl ? undefined : config.dataDir })

let stopping = false
const shutdown = (signal: string) => {
  if (stopping) return
  stopping = true
  log.info("shutting down", { signal })
  jobs.stop().then(() => running.stop()).then(
    () => process.exit(0),
    (error: unknown) => {
      log.error("shutdown failed", errorFields(error))
      process.exit(1)
    }
  )
}
process.on("SIGTERM", () => shutdown("SIGTERM"))
process.on("SIGINT", () => shutdown("SIGINT"))
