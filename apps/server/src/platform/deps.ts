import type { AssistantPort } from "../adapters/assistant/assistantPort.js"
import type { ToolProcessor } from "../adapters/tools/toolProcessorPort.js"
import type { EngineRegistry } from "../adapters/engine/imageEnginePort.js"
import type { JobQueue } from "../adapters/queue/jobQueuePort.js"
import type { SessionCache } from "./sessionCache.js"
import type { BatchedCounts } from "./batchedCounts.js"
import type { ViewerFlagCache } from "./viewerFlagCache.js"
import type { AnswerCache } from "./answerCache.js"
import type { KeyedSignal } from "./keyedSignal.js"
import type { LivePayments, PaymentProvider, SandboxCashier } from "../adapters/payment/paymentProviderPort.js"
import type { DevOutbox, SmsSink } from "../adapters/sms/smsPort.js"
import type { ObjectStore } from "../adapters/storage/objectStorePort.js"
import type { Db } from "../db/database.js"
import type { ContentModeration } from "../adapters/moderation/contentModerationPort.js"
import type { WechatMp } from "../adapters/wechat/wechatMpPort.js"
import type { ServerConfig } from "./config.js"
import type { Log } from "./log.js"

/**
 * The adapters a server runs with: each built once by the composition root (main.ts →
 * adapters/localAdapters.ts) and handed down here; a test swaps one in test/testServer.ts.
 */
export interface ServerAdapters {
  readonly objectStore: ObjectStore
  /** The payment provider's trade API: query, close, statement (R27, R28), routed to the provider that took each order. */
  readonly paymentProvider: PaymentProvider
  /**
   * The configured real providers by pay method (Alipay 当面付, WeChat Pay Native; issue 27): they open
   * the trade the purchase dialog's QR shows and read their notifies. A method without one is the
   * sandbox's outside production and not offered in production.
   */
  readonly livePayments: LivePayments
  /** The sandbox pay page's hand on the sandbox provider's books (development only). */
  readonly sandboxCashier: SandboxCashier
  readonly sms: SmsSink
  /** Development only: the captcha answers and SMS codes the dev endpoints show; absent in production. */
  readonly devOutbox: DevOutbox | undefined
  /** The image engine of each task type (engineConfig.ts picks them from the environment). */
  readonly engines: EngineRegistry
  /** Who answers on /intelligent: the offline prompt composer or a chat model (assistantConfig.ts, MIDO_ASSISTANT). */
  readonly assistant: AssistantPort
  /** The toolbox's offline processors (OpenCV.js, ESRGAN on tfjs-wasm) on a worker thread (adapters/tools, issue 15). */
  readonly tools: ToolProcessor
  /** The WeChat Official Account behind QR login (WECHAT_MP_*); absent: the development scan page stands in. */
  readonly wechatMp?: WechatMp
  /** Moderation's second opinion after the word list (MIDO_MODERATION: none, or Aliyun 内容安全; ADR 0024). */
  readonly moderation: ContentModeration
}

/** What every feature module gets: the database, the config, a clock, a logger and the adapters. */
export interface ServerDeps extends ServerAdapters {
  readonly db: Db
  readonly config: ServerConfig
  readonly now: () => Date
  readonly log: Log
  /** R32: the key of the beans ledger's HMAC chain (features/beans/ledgerKey.ts derives it from the config). */
  readonly ledgerKey: string
  /** The durable job queue of generation tasks (pg-boss, ADR 0010), started by server.ts on this database. */
  readonly jobQueue: JobQueue
  /** Wakes the task event streams when a worker changes a task: this process's, and on PostgreSQL every process's (processChanges.ts). */
  readonly taskChanges: KeyedSignal
  /**
   * The anonymous feed pages this process shares (platform/answerCache.ts); whatever changes which
   * works the square lists (publish, withdraw, delete) calls `invalidate()` once it has committed,
   * which on PostgreSQL clears every process's (processChanges.ts).
   */
  readonly feedCache: AnswerCache
  /** The operator's moderation word list as this process keeps it (features/moderation/wordList.ts); an edit's `invalidate()` clears every process's. */
  readonly moderationWords: AnswerCache
  /**
   * The live sessions this process keeps (platform/sessionCache.ts): whatever ends a session calls
   * `forgetUser(uid)` once it has committed, which on PostgreSQL forgets them in every process (R7).
   */
  readonly sessions: SessionCache
  /**
   * Each member's own flags on the shared pages they read (platform/viewerFlagCache.ts): whatever
   * moves a member's flag (like, collect, follow) calls `forgetUser(uid)` once it has committed,
   * which on PostgreSQL forgets them in every process.
   */
  readonly viewerFlags: ViewerFlagCache
  /**
   * Artworks' views counted in this process and written in one statement a second
   * (platform/batchedCounts.ts); `stop` writes what is left before the database closes.
   */
  readonly artworkViews: BatchedCounts
}
