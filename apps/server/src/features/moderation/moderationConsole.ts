import { AdminApi } from "@mido/core/admin"
import type { Hono } from "hono"
import type { ServerDeps } from "../../platform/deps.js"
import { implementAdmin } from "../admin/adminAccess.js"
import { recordAdminAudit } from "../admin/adminAudit.js"
import { outcomePage } from "./moderationOutcomes.js"
import { addWord, allWords, removeWord } from "./wordList.js"

/**
 * 审核词库 (operator): list, add and remove words, each change with its audit row in the same
 * transaction; once committed, every process's copy of the list is cleared (processChanges.ts), so
 * the next text anywhere is matched against the new list. And the outcomes the review queue shows.
 */
export const registerModerationAdmin = (app: Hono, deps: ServerDeps) => {
  implementAdmin(app, deps, AdminApi.moderation.words, async () => ({ list: await allWords(deps.db) }))

  implementAdmin(app, deps, AdminApi.moderation.addWord, async (input, { uid }) => {
    const added = await deps.db.transaction(async (tx) => {
      const word = await addWord(tx, input.word, uid)
      await recordAdminAudit(tx, { actorId: uid, action: "moderation.word_add", targetType: "moderation_word", targetId: word.id, before: null, after: { word: word.word, form: word.form }, at: deps.now() })
      return word
    })
    deps.moderationWords.invalidate()
    return added
  })

  implementAdmin(app, deps, AdminApi.moderation.removeWord, async (input, { uid }) => {
    await deps.db.transaction(async (tx) => {
      const removed = await removeWord(tx, input.id)
      await recordAdminAudit(tx, { actorId: uid, action: "moderation.word_remove", targetType: "moderation_word", targetId: removed.id, before: { word: removed.word, form: removed.form }, after: null, at: deps.now() })
    })
    deps.moderationWords.invalidate()
    return { id: input.id }
  })

  implementAdmin(app, deps, AdminApi.moderation.outcomes, async (input) => outcomePage(deps.db, input.page, input.size))
}
