import { resolve } from "node:path"

/** Everything the server reads from its environment, read once at start (composition root only). */
export interface ServerConfig {
  readonly port: number
  readonly host: string
  /** Embedded PGlite data directory, used when no DATABASE_URL is set. */
  readonly dataDir: string
  readonly databaseUrl: string | undefined
  readonly production: boolean
  /** The public origin, for links the server hands out (storage host, pay QR, scan page). */
  readonly publicUrl: string
  /** Signs upload policies and payment notifies; random per process when unset outside production. */
  readonly secret: string
  /** Where the built web app is, served at / when present. */
  readonly webDist: string
  readonly uploadDir: string
  readonly seedDemo: boolean
  /**
   * Read the client address from X-Forwarded-For (set TRUST_PROXY=true only behind a proxy that
   * overwrites it); otherwise the socket's address counts, so nobody can dodge per-IP limits (R37).
   */
  readonly trustProxy: boolean
}

export const readConfig = (env: NodeJS.ProcessEnv = process.env): ServerConfig => {
  const port = Number(env.PORT ?? 8080)
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`)
  const production = env.NODE_ENV === "production"
  const secret = env.MIDO_SECRET ?? (production ? "" : "mido-development-secret-change-me")
  if (production && secret.length < 32) throw new Error("MIDO_SECRET must be set (32+ characters) in production")
  const dataDir = resolve(env.DATA_DIR ?? "./data")
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    production,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    secret,
    webDist: resolve(env.WEB_DIST ?? new URL("../../web/dist", import.meta.url).pathname),
    uploadDir: resolve(env.UPLOAD_DIR ?? `${dataDir}/uploads`),
    seedDemo: env.SEED_DEMO !== "false",
    trustProxy: env.TRUST_PROXY === "true"
  }
}
