import { createHash, randomBytes } from "node:crypto"
import { and, eq, gt, isNull, ne } from "drizzle-orm"
import type { Db } from "../db/database.js"
import { type NamedStatement, runNamed } from "../db/namedStatement.js"
import { sessions } from "../db/schema/users.js"
import type { SessionCache } from "./sessionCache.js"

/** Sessions last 30 days from login. */
export const SESSION_DAYS = 30

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex")

/** R7: 256 random bits, base64url; only its hash is stored. */
export const issueToken = async (db: Db, uid: number, now: Date): Promise<string> => {
  const token = randomBytes(32).toString("base64url")
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    uid,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000)
  })
  return token
}

/** The token of `Authorization: Bearer <token>`, when the header is well formed. */
export const bearerToken = (header: string | undefined): string | undefined => /^Bearer ([\x21-\x7e]{16,512})$/.exec(header ?? "")?.[1]

const live = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now))

// Every logged-in request not answered from the session cache runs it: one prepared statement by name
// (db/namedStatement.ts), not a drizzle query — on PGlite drizzle's parameterised query cost about five
// times as much (issue 30, the member feed). The session's end comes as epoch milliseconds (float8 reads
// alike on both engines): the cache keeps it and refuses the token at that moment.
const liveSessionStatement: NamedStatement = {
  name: "mido_live_session_until",
  text: "select uid, extract(epoch from expires_at) * 1000 as ends_ms from sessions where token_hash = $1::text and revoked_at is null and expires_at > $2::timestamptz limit 1",
  types: ["text", "timestamptz"]
}

/**
 * The uid behind `Authorization: Bearer <token>`, when the session is live: from `cache` when it
 * keeps it (platform/sessionCache.ts: every session end clears it, in every process), else read.
 */
export const userForToken = async (db: Db, header: string | undefined, now: Date, cache?: SessionCache): Promise<number | undefined> => {
  const token = bearerToken(header)
  if (token === undefined) return undefined
  const tokenHash = hashToken(token)
  const read = async () => {
    const [row] = await runNamed(db, liveSessionStatement, [tokenHash, now.toISOString()])
    return row === undefined ? undefined : { uid: Number(row.uid), expiresAt: new Date(Number(row.ends_ms)) }
  }
  if (cache === undefined) return (await read())?.uid
  return cache.uidOf(tokenHash, now, read)
}

/** R7 logout: ends this token's session; answers 1 when a live session ended, else 0. */
export const revokeToken = async (db: Db, token: string, now: Date): Promise<number> =>
  (await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.tokenHash, hashToken(token)), live(now))).returning({ uid: sessions.uid })).length

/**
 * Ends the user's live sessions: every one ("log out everywhere"), or every one but the session of
 * `keepToken` (a phone change keeps the device that made it, R6). Answers how many ended.
 */
export const revokeUserSessions = async (db: Db, uid: number, now: Date, keepToken?: string): Promise<number> => {
  const others = keepToken === undefined ? undefined : ne(sessions.tokenHash, hashToken(keepToken))
  return (await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.uid, uid), live(now), others)).returning({ uid: sessions.uid })).length
}
