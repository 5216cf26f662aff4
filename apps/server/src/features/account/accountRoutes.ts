import { Api } from "@mido/core/contract"
import { eq } from "drizzle-orm"
import type { Hono } from "hono"
import type { Db } from "../../db/database.js"
import { users } from "../../db/schema/users.js"
import { checkPublicText } from "../moderation/textCheck.js"
import { toCurrentUser } from "../users/userView.js"
import { implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { notFound } from "../../platform/failure.js"

/** The current user as user/info answers it; throws when the account is gone. */
export const loadCurrentUser = async (db: Db, uid: number, now: Date) => {
  const [row] = await db.select().from(users).where(eq(users.uid, uid)).limit(1)
  if (row === undefined) throw notFound("账号不存在")
  const inviter = row.invitedBy === null
    ? undefined
    : (await db.select({ nickname: users.nickname }).from(users).where(eq(users.uid, row.invitedBy)).limit(1))[0]
  return toCurrentUser(row, inviter?.nickname ?? "", now)
}

/** user/info and user/edit (spec §7 user and account). */
export const registerAccount = (app: Hono, deps: ServerDeps) => {
  implementAuthed(app, deps, Api.user.info, async (_input, { uid }) => loadCurrentUser(deps.db, uid, deps.now()))

  // nickname and bio arrive trimmed and within their rules (the route's schema, PB1–PB2); what others will read passes the content check
  implementAuthed(app, deps, Api.user.edit, async (input, { uid }) => {
    const changes = {
      ...(input.nickname !== undefined ? { nickname: await checkPublicText(deps, { uid, place: "nickname", text: input.nickname }) } : {}),
      ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
      ...(input.bio !== undefined ? { bio: input.bio === "" ? "" : await checkPublicText(deps, { uid, place: "bio", text: input.bio }) } : {})
    }
    if (Object.keys(changes).length > 0) await deps.db.update(users).set(changes).where(eq(users.uid, uid))
    return loadCurrentUser(deps.db, uid, deps.now())
  })
}
