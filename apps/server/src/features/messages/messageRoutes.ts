import { Api } from "@mido/core/contract"
import type { Hono } from "hono"
import { listMessages, markRead, unreadCounts } from "./messages.js"
import { implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"

/**
 * The message drawer (spec §7 Messages, plus marking read). Every call touches only the caller's own
 * messages: the recipient's uid is part of each query (R11). Messages are created by events through
 * features/messages/messages.ts `createMessage`.
 */
export const registerMessages = (app: Hono, deps: ServerDeps) => {
  implementAuthed(app, deps, Api.message.unreadCount, async (_input, { uid }) => unreadCounts(deps.db, uid))

  implementAuthed(app, deps, Api.message.list, async ({ type, page, size }, { uid }) => listMessages(deps.db, uid, type, page, size))

  implementAuthed(app, deps, Api.message.read, async (input, { uid }) =>
    deps.db.transaction(async (tx) => {
      const updated = await markRead(tx, uid, input)
      return { updated, unread: await unreadCounts(tx, uid) }
    })
  )
}
