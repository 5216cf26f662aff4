import { createHash, createHmac, timingSafeEqual } from "node:crypto"

/**
 * R32: the canonical form of a ledger entry and its seal. Entry n of a user carries prev_hash = the
 * sig of entry n-1 ('genesis' for the first) and sig = HMAC-SHA256(key, canonical(entry) + "\n" +
 * prev_hash). Changing any field, dropping or reordering an entry breaks the chain at that entry.
 * 0210_bean_ledger_chain.sql builds the same canonical text in SQL for the legacy seal: keep both in step.
 */
export interface ChainedFields {
  readonly id: number
  readonly uid: number
  /** signed beans: + credit, - spend */
  readonly delta: number
  readonly balanceAfter: number
  readonly createdAt: Date
  readonly kind: string
  readonly ref: string | null
  readonly remark: string
}

export const GENESIS = "genesis"
export const LEGACY_PREFIX = "legacy:"

/** Text fields carry their UTF-8 byte length, so no choice of text can mimic another split. */
const field = (value: string | null) => (value === null ? "-" : `${Buffer.byteLength(value, "utf8")}:${value}`)

export const canonicalEntry = (entry: ChainedFields): string =>
  [
    "mido-ledger-v1",
    entry.id,
    entry.uid,
    entry.delta,
    entry.balanceAfter,
    entry.createdAt.getTime(),
    field(entry.kind),
    field(entry.ref),
    field(entry.remark)
  ].join("\n")

/** The HMAC every entry written by this server carries. */
export const entrySignature = (key: string, entry: ChainedFields, prevHash: string): string =>
  createHmac("sha256", key).update(`${canonicalEntry(entry)}\n${prevHash}`).digest("hex")

/** The unkeyed seal the migration gave the entries that existed before signing. */
export const legacySeal = (entry: ChainedFields, prevHash: string): string =>
  `${LEGACY_PREFIX}${createHash("sha256").update(`${canonicalEntry(entry)}\n${prevHash}`).digest("hex")}`

export const sameSeal = (a: string, b: string): boolean => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
