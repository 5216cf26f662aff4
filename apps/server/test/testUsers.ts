import type { Database } from "../src/db/database.js"
import { users } from "../src/db/schema/users.js"
import { issueToken } from "../src/platform/tokens.js"

/** What tells one test file's users apart from another's (files may share a PostgreSQL server). */
export interface TestUserSeries {
  /** 7 digits; a 4-digit sequence number completes the phone number. */
  readonly phonePrefix: string
  readonly nickname: string
  readonly inviteCodePrefix: string
  readonly nidPrefix: string
}

export interface TestUser {
  readonly uid: number
  readonly token: string
}

/**
 * `newUser(extra)`: inserts a user of the series (the next number) and logs them in, for tests that need
 * many buyers. `db` is read at call time: test files open their server in beforeAll.
 */
export const testUsers = (db: () => Database["db"], series: TestUserSeries) => {
  let seq = 0
  return async (extra: Partial<typeof users.$inferInsert> = {}): Promise<TestUser> => {
    seq += 1
    const [row] = await db()
      .insert(users)
      .values({
        phone: `${series.phonePrefix}${String(seq).padStart(4, "0")}`,
        nickname: `${series.nickname}${seq}`,
        inviteCode: `${series.inviteCodePrefix}${seq}`,
        nid: `${series.nidPrefix}${seq}`,
        ...extra
      })
      .returning()
    if (row === undefined) throw new Error("the test user was not inserted")
    return { uid: row.uid, token: await issueToken(db(), row.uid, new Date()) }
  }
}
