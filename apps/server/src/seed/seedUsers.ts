import { users } from "../db/schema/users.js"
import type { Db } from "../db/database.js"
import { DEMO_USERS } from "./demoUsers.js"

/** Inserts the demo creators (phones 1380000XXXX) and returns their uids in order. */
export const seedUsers = async (db: Db, avatarFor: (index: number) => string, now: Date): Promise<ReadonlyArray<number>> => {
  const rows = DEMO_USERS.map(([nickname, bio, vipLevel], index) => ({
    phone: `1380000${String(index).padStart(4, "0")}`,
    nickname,
    bio,
    avatar: avatarFor(index),
    vipLevel,
    vipExpiredAt: vipLevel === 0 ? null : new Date(now.getTime() + (vipLevel === 3 ? 300 : vipLevel === 2 ? 25 : 3) * 86_400_000),
    inviteCode: `DEMO${String(index).padStart(2, "0")}`,
    nid: String(10_000_000 + index),
    createdAt: new Date(now.getTime() - (60 - index) * 86_400_000)
  }))
  const inserted = await db.insert(users).values(rows).returning({ uid: users.uid })
  return inserted.map((row) => row.uid)
}
