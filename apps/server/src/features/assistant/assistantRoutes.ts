import { Api } from "@mido/core/contract"
import type { Hono } from "hono"
import { implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { taskCost } from "../artworks/taskPricing.js"
import { drawMessage } from "./assistantDraw.js"
import { listMessages } from "./assistantMessages.js"
import { sendMessage } from "./assistantSend.js"
import { createConversation, listConversations, removeConversation, renameConversation } from "./conversations.js"

/** The assistant that draws (/intelligent): conversations, messages, send, and the confirmed drawing. */
export const registerAssistant = (app: Hono, deps: ServerDeps) => {
  implementAuthed(app, deps, Api.assistant.info, async (_input, { uid }) => ({
    engine: deps.assistant.label,
    offline: deps.assistant.offline,
    draw_engine: deps.engines.forTask("agent").label,
    cost: (await taskCost(deps.db, uid, { type: "agent", num: 1 }, deps.now())).points
  }))
  implementAuthed(app, deps, Api.assistant.conversations, (input, { uid }) => listConversations(deps.db, uid, input))
  implementAuthed(app, deps, Api.assistant.create, (input, { uid }) => createConversation(deps.db, uid, input.title, deps.now()))
  implementAuthed(app, deps, Api.assistant.rename, (input, { uid }) => renameConversation(deps.db, uid, input.id, input.title))
  implementAuthed(app, deps, Api.assistant.remove, (input, { uid }) => removeConversation(deps.db, uid, input.id))
  implementAuthed(app, deps, Api.assistant.messages, (input, { uid }) => listMessages(deps.db, deps.config, uid, input))
  implementAuthed(app, deps, Api.assistant.send, (input, { uid }) => sendMessage(deps, uid, input))
  implementAuthed(app, deps, Api.assistant.draw, (input, { uid }) => drawMessage(deps, uid, input))
}
