import { join, resolve } from "node:path"
import { serverPackageDir } from "./packageDir.js"
import { type PaymentConfig, readPaymentConfig } from "./paymentConfig.js"
import { readSmsSettings, type SmsSettings } from "./smsConfig.js"
import { readModerationSettings, type ModerationSettings } from "./moderationConfig.js"
import { readS3Settings, type S3Settings } from "./s3Config.js"

/** Everything the server reads from its environment, read once at start (composition root only). */
export interface ServerConfig {
  readonly port: number
  readonly host: string
  /** Embedded PGlite data directory, used when no DATABASE_URL is set. */
  readonly dataDir: string
  readonly databaseUrl: string | undefined
  readonly production: boolean
  /** The web app's public origin, for links the server hands out (pay QR, scan page). */
  readonly publicUrl: string
  /** The storage listener's port: uploads are served from their own origin, never the app's (R20). */
  readonly storagePort: number
  /**
   * The public origin of stored files: the oss_token `host` and every file URL. The storage listener
   * by default; a CDN or OSS host in front of it in deployments. Never the app's origin (R20).
   */
  readonly storageUrl: string
  /** Signs upload policies and payment notifies; random per process when unset outside production. */
  readonly secret: string
  /**
   * R32: the key of the beans ledger's HMAC chain (MIDO_LEDGER_SECRET). When unset, a key derived
   * from `secret` (features/beans/ledgerKey.ts); set it so that rotating MIDO_SECRET keeps old
   * ledger entries verifiable.
   */
  readonly ledgerSecret?: string
  /** Where the built web app is, served at / when present. */
  readonly webDist: string
  readonly uploadDir: string
  /** MIDO_STORAGE=s3: every object in one S3-compatible bucket (platform/s3Config.ts); absent: files under uploadDir. */
  readonly s3?: S3Settings
  /**
   * Seed the demo (fake creators, artworks, community, demo coupons) into a database without users
   * (SEED_DEMO). Off by default in production: a live site never gets demo data unless asked.
   */
  readonly seedDemo: boolean
  /**
   * The demo's review step (job artworks.approve-pending): works waiting a minute in review are approved
   * with nobody looking. For the demo only: on where the demo is seeded outside production (turn it off
   * with REVIEW_AUTO_APPROVE=false), never in production, where operators review in /admin/review.
   */
  readonly reviewAutoApprove?: boolean
  /** Seed the catalogue (config defaults, tools, plans, packages; idempotent) at start. Default on; tests turn it off. */
  readonly seedCatalogue?: boolean
  /**
   * Test hook only (test/seedCrash.test.ts): the demo seed kills its own process (SIGKILL) on reaching
   * this step. Never read from the environment, and ignored in production.
   */
  readonly seedCrashAt?: string
  /**
   * Read the client address from X-Forwarded-For (set TRUST_PROXY=true only behind a proxy that
   * overwrites it); otherwise the socket's address counts, so nobody can dodge per-IP limits (R37).
   */
  readonly trustProxy: boolean
  /**
   * Whether this process runs generation workers (MIDO_WORKERS=0 turns them off: an API-only
   * process beside `npm run worker` processes on PostgreSQL, docs/deploy.md). Default on.
   */
  readonly workers?: boolean
  /**
   * How long an anonymous feed page is kept and shared (MIDO_FEED_CACHE_MS, default 5000; 0 turns
   * the cache off): how long likes, views and names in the square may lag, and the s-maxage a CDN
   * in front gets (docs/deploy.md "The feed cache"). Publishing, withdrawing and deleting clear it.
   */
  readonly feedCacheMs?: number
  /** The live payment providers (ALIPAY_*, WECHATPAY_*; platform/paymentConfig.ts); a method without one is the sandbox's outside production. */
  readonly payments?: PaymentConfig
  /** Where SMS go (MIDO_SMS, ALIYUN_SMS_*; platform/smsConfig.ts): the development outbox when unset. */
  readonly sms?: SmsSettings
  /** Moderation's second opinion after the word list (MIDO_MODERATION, ALIYUN_GREEN_*; platform/moderationConfig.ts): none when unset. */
  readonly moderation?: ModerationSettings
  /** Generation timings (polling, lease, timeouts); tests shorten them. Defaults in features/generation. */
  readonly generation?: Partial<GenerationTuning>
  /**
   * MIDO_HEALTH_TOKEN (16+ characters): who sends it in X-Mido-Health-Token gets the engines' detail
   * from GET /healthz?detail=engines (docs/engines.md "Operator's check"); unset, the detail is off.
   */
  readonly healthToken?: string
  /**
   * The service provider the implicit AIGC label names as ContentProducer and ContentPropagator
   * (GB 45438-2025; docs/spec/aigc-labels.md AL2): MIDO_AIGC_PROVIDER_CODE when set, else
   * MIDO_AIGC_PROVIDER_NAME, else 米豆AI.
   */
  readonly aigcProvider?: string
}

/** How the generation queue and workers pace themselves (features/generation/generationTuning.ts has the defaults). */
export interface GenerationTuning {
  /** how often an idle worker looks for a job (an in-process submit wakes it at once) */
  readonly pollMs: number
  /** a running task whose heartbeat is older than this is a dead worker's: the recovery pass ends it */
  readonly leaseMs: number
  /** how often the recovery pass runs */
  readonly recoveryMs: number
  /** a running task's beat: its heartbeat, progress and preview written, and whether it was cancelled read */
  readonly progressMs: number
  /** per task type: the engine call is aborted (绘画超时) after this long */
  readonly timeoutMs: Readonly<Record<"quick" | "quick_mj" | "sd" | "agent" | "tool", number>>
  /** transient engine errors: retries, and the first delay (doubling) */
  readonly retryLimit: number
  readonly retryDelaySeconds: number
  /** a job put back because its user already runs the maximum waits this long */
  readonly deferSeconds: number
}

const portNumber = (name: string, value: number, given: string | undefined): number => {
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} must be a port number, got ${given ?? value}`)
  return value
}

/** The feed cache's default lifetime: counters in the square lag 5 s at most. */
/** The provider named in the AIGC labels when the operator has set none. */
export const AIGC_PROVIDER_DEFAULT = "米豆AI"

export const FEED_CACHE_MS = 5_000

const cacheMs = (given: string | undefined): number => {
  if (given === undefined || given === "") return FEED_CACHE_MS
  const value = Number(given)
  if (!Number.isInteger(value) || value < 0 || value > 60_000) throw new Error(`MIDO_FEED_CACHE_MS must be 0 to 60000 milliseconds, got ${given}`)
  return value
}

const s3Of = (env: NodeJS.ProcessEnv): { s3?: S3Settings } => {
  const s3 = readS3Settings(env)
  return s3 === undefined ? {} : { s3 }
}

const withoutSlash = (url: string) => url.replace(/\/$/, "")

/** The app's address with the storage port: another origin on the same host (R20). */
const defaultStorageUrl = (publicUrl: string, storagePort: number): string => {
  const url = new URL(publicUrl)
  url.port = String(storagePort)
  return url.origin
}

export const readConfig = (env: NodeJS.ProcessEnv = process.env): ServerConfig => {
  const port = portNumber("PORT", Number(env.PORT ?? 8080), env.PORT)
  const storagePort = portNumber("STORAGE_PORT", Number(env.STORAGE_PORT ?? port + 1), env.STORAGE_PORT)
  if (storagePort === port) throw new Error("STORAGE_PORT must differ from PORT: uploads are served from their own origin (R20)")
  const production = env.NODE_ENV === "production"
  const secret = env.MIDO_SECRET ?? (production ? "" : "mido-development-secret-change-me")
  if (production && secret.length < 32) throw new Error("MIDO_SECRET must be set (32+ characters) in production")
  const ledgerSecret = env.MIDO_LEDGER_SECRET || undefined
  if (production && ledgerSecret !== undefined && ledgerSecret.length < 32) throw new Error("MIDO_LEDGER_SECRET must have 32+ characters")
  const dataDir = resolve(env.DATA_DIR ?? "./data")
  const publicUrl = withoutSlash(env.PUBLIC_URL ?? `http://localhost:${port}`)
  const storageUrl = withoutSlash(env.STORAGE_URL ?? defaultStorageUrl(publicUrl, storagePort))
  if (new URL(storageUrl).origin === new URL(publicUrl).origin) throw new Error("STORAGE_URL must be another origin than PUBLIC_URL (R20)")
  const healthToken = env.MIDO_HEALTH_TOKEN || undefined
  if (healthToken !== undefined && healthToken.length < 16) throw new Error("MIDO_HEALTH_TOKEN must have 16+ characters (it opens the engines' detail on /healthz)")
  const s3 = s3Of(env)
  if (s3.s3 !== undefined && new URL(s3.s3.publicUrl).origin === new URL(publicUrl).origin) throw new Error("S3_PUBLIC_URL must be another origin than PUBLIC_URL (R20)")
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    production,
    publicUrl,
    storagePort,
    storageUrl,
    secret,
    ...(ledgerSecret !== undefined ? { ledgerSecret } : {}),
    webDist: resolve(env.WEB_DIST ?? join(serverPackageDir(), "../web/dist")),
    uploadDir: resolve(env.UPLOAD_DIR ?? `${dataDir}/uploads`),
    ...s3,
    // production seeds demo data only when asked (SEED_DEMO=true); elsewhere unless SEED_DEMO=false
    seedDemo: production ? env.SEED_DEMO === "true" : env.SEED_DEMO !== "false",
    seedCatalogue: true,
    reviewAutoApprove: !production && env.SEED_DEMO !== "false" && env.REVIEW_AUTO_APPROVE !== "false",
    trustProxy: env.TRUST_PROXY === "true",
    workers: env.MIDO_WORKERS !== "0",
    feedCacheMs: cacheMs(env.MIDO_FEED_CACHE_MS),
    payments: readPaymentConfig(env),
    ...(healthToken !== undefined ? { healthToken } : {}),
    sms: readSmsSettings(env),
    aigcProvider: (env.MIDO_AIGC_PROVIDER_CODE || env.MIDO_AIGC_PROVIDER_NAME || AIGC_PROVIDER_DEFAULT).trim(),
    moderation: readModerationSettings(env)
  }
}
