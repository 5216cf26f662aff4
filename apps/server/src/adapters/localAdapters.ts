import type { Db } from "../db/database.js"
import type { ServerConfig } from "../platform/config.js"
import type { ServerAdapters } from "../platform/deps.js"
import type { Log } from "../platform/log.js"
import type { AssistantPort } from "./assistant/assistantPort.js"
import { makeOfflineAssistant } from "./assistant/offlineAssistant.js"
import type { EngineRegistry } from "./engine/imageEnginePort.js"
import { buildEngines, readEngineConfig } from "./engine/engineConfig.js"
import { livePayments } from "./payment/livePayments.js"
import { routedProvider } from "./payment/routedProvider.js"
import { sandboxCashier, sandboxProvider } from "./payment/sandboxProvider.js"
import { aliyunSmsSink } from "./sms/aliyunSmsSink.js"
import { devSmsSink, MemoryDevOutbox } from "./sms/devSmsSink.js"
import { unconfiguredSmsSink } from "./sms/unconfiguredSmsSink.js"
import { localObjectStore } from "./storage/localObjectStore.js"
import { s3ObjectStore } from "./storage/s3ObjectStore.js"
import { workerToolProcessor } from "./tools/workerToolProcessor.js"
import { aliyunGreenModeration } from "./moderation/aliyunGreenModeration.js"
import { builtinModeration } from "./moderation/builtinModeration.js"

/**
 * The offline set the server starts with: files in UPLOAD_DIR, the sandbox payment provider (Alipay and
 * WeChat Pay replace it for their method when configured, livePayments.ts), and the
 * development SMS sink (an unconfigured one in production, which refuses to pretend), or Aliyun SMS
 * when MIDO_SMS=aliyun (docs/deploy.md "SMS and captcha"). Only the sandbox
 * provider exists; in production (sandbox pages off) its books stay empty, so every open order reads
 * unpaid and simply times out. Engines: the offline 本地演示引擎 for every task type unless the caller
 * passes the registry (and the assistant: the offline prompt composer unless main.ts picked a chat model) it built from the environment (main.ts, docs/engines.md). A real adapter replaces one of these in the composition root.
 */
export const localAdapters = (config: ServerConfig, db: Db, log: Log, engines: EngineRegistry = buildEngines(readEngineConfig({})), assistant: AssistantPort = makeOfflineAssistant()): ServerAdapters => {
  const devOutbox = config.production ? undefined : new MemoryDevOutbox()
  const live = livePayments(config)
  return {
    // MIDO_STORAGE=s3: one bucket shared by every process (docs/deploy.md "Object storage")
    objectStore: config.s3 === undefined ? localObjectStore(config.uploadDir) : s3ObjectStore(config.s3),
    paymentProvider: routedProvider(db, sandboxProvider(db), live),
    livePayments: live,
    sandboxCashier: sandboxCashier(db),
    sms: config.sms?.kind === "aliyun" ? aliyunSmsSink(config.sms, log) : devOutbox === undefined ? unconfiguredSmsSink(log) : devSmsSink(log, devOutbox),
    devOutbox,
    engines,
    assistant,
    tools: workerToolProcessor(),
    // MIDO_MODERATION=aliyun: Aliyun 内容安全 after the word list (docs/deploy.md "Going live")
    moderation: config.moderation?.kind === "aliyun" ? aliyunGreenModeration(config.moderation) : builtinModeration()
  }
}
