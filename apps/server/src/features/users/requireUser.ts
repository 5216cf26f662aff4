import { eq } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { users } from "../../db/schema/users.js"
import { notFound } from "./userRefusal.js"

/** A personal center's owner must exist: another user's pages answer 用户不存在 otherwise. */
export const requireUser = async (db: Db, uid: number): Promise<void> => {
  const [user] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).limit(1)
  if (user === undefined) throw notFound("用户不存在")
}
