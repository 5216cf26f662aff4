import { createHmac } from "node:crypto"
import { readConfig, type ServerConfig } from "../../platform/config.js"

/**
 * R32: the key of the beans ledger's HMAC chain. It never goes into the database, so whoever can
 * write the tables but not read the server's environment cannot forge an entry.
 */
export const ledgerKeyOf = (config: Pick<ServerConfig, "secret" | "ledgerSecret">): string =>
  config.ledgerSecret ?? createHmac("sha256", config.secret).update("mido bean ledger v1").digest("hex")

let configured: string | undefined

/** The composition root names the key from its config (before anything moves beans). */
export const useLedgerKey = (config: Pick<ServerConfig, "secret" | "ledgerSecret">): void => {
  configured = ledgerKeyOf(config)
}

/**
 * The key entries are signed and audited with. The bean functions keep their (db, movement)
 * signatures, so the key is process-wide: the one useLedgerKey set, else the one the environment
 * gives readConfig (the same key in a deployment, where the config comes from that environment).
 */
export const ledgerKey = (): string => {
  configured ??= ledgerKeyOf(readConfig())
  return configured
}
