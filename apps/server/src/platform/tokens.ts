import { createHash, randomBytes } from "node:crypto"
import { and, eq, gt, isNull } from "drizzle-orm"
import type { Db } from "../db/database.js"
import { sessions } from "../db/schema/users.js"

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

/** The uid behind `Authorization: Bearer <token>`, when the session is live. */
export const userForToken = async (db: Db, header: string | undefined, now: Date): Promise<number | undefined> => {
  const match = /^Bearer ([\x21-\x7e]{16,512})$/.exec(header ?? "")
  if (match === null) return undefined
  const [row] = await db
    .select({ uid: sessions.uid })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(match[1] ?? "")), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1)
  return row?.uid
}

export const revokeToken = async (db: Db, token: string, now: Date) =>
  db.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, hashToken(token)))
