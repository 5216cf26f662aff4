import { AdminApi } from "@mido/core/admin"
import type { Hono } from "hono"
import type { ServerDeps } from "../../platform/deps.js"
import { notFound } from "../../platform/failure.js"
import { implementAdmin } from "./adminAccess.js"
import { dashboardToday } from "./dashboard.js"
import { adjustBeans, banUser, endUserSessions, unbanUser } from "./userActions.js"
import { searchUsers, userRecord } from "./userAdmin.js"

/** 用户 and 概览 (issue 29). Every write is audited inside its own transaction (userActions.ts). */
export const registerUserAdmin = (app: Hono, deps: ServerDeps) => {
  const actor = (uid: number) => ({ actorId: uid, now: deps.now() })
  implementAdmin(app, deps, AdminApi.users.search, (input) => searchUsers(deps.db, input.q, input.page, input.size))
  implementAdmin(app, deps, AdminApi.users.detail, async (input) => {
    const record = await userRecord(deps.db, input.uid, deps.now())
    if (record === undefined) throw notFound("用户不存在")
    return record
  })
  // R7: a ban and 结束会话 end the user's sessions; once committed, no process may keep one (sessionCache.ts)
  const thenForget = async <T>(uid: number, ending: Promise<T>): Promise<T> => {
    try {
      return await ending
    } finally {
      deps.sessions.forgetUser(uid)
    }
  }
  implementAdmin(app, deps, AdminApi.users.ban, (input, { uid }) => thenForget(input.uid, banUser(deps.db, input.uid, input.reason, actor(uid))))
  implementAdmin(app, deps, AdminApi.users.unban, (input, { uid }) => unbanUser(deps.db, input.uid, actor(uid)))
  implementAdmin(app, deps, AdminApi.users.endSessions, (input, { uid }) => thenForget(input.uid, endUserSessions(deps.db, input.uid, actor(uid))))
  implementAdmin(app, deps, AdminApi.users.adjustBeans, (input, { uid }) => adjustBeans(deps.db, deps.ledgerKey, input, actor(uid)))
  implementAdmin(app, deps, AdminApi.dashboard.today, () => dashboardToday(deps.db, deps.now()))
}
