import { and, eq, isNotNull } from "drizzle-orm"
import type { Db } from "../db/database.js"
import { users } from "../db/schema/users.js"

/** What a banned account's every write answers (issue 29). */
export const BANNED_MESSAGE = "账号已被封禁，如有疑问请联系客服"

/** Whether the operator console has banned this account (read per write: a ban takes effect at once). */
export const isBanned = async (db: Db, uid: number): Promise<boolean> =>
  (await db.select({ uid: users.uid }).from(users).where(and(eq(users.uid, uid), isNotNull(users.bannedAt))).limit(1)).length > 0
