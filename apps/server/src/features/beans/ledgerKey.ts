import { createHmac } from "node:crypto"
import type { ServerConfig } from "../../platform/config.js"

/**
 * R32: the key of the beans ledger's HMAC chain. It never goes into the database, so whoever can
 * write the tables but not read the server's environment cannot forge an entry. The composition root
 * derives it once and hands it down in ServerDeps.ledgerKey; every bean function takes it.
 */
export const ledgerKeyOf = (config: Pick<ServerConfig, "secret" | "ledgerSecret">): string =>
  config.ledgerSecret ?? createHmac("sha256", config.secret).update("mido bean ledger v1").digest("hex")
