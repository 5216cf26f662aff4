import type { AssistantMessage } from "@mido/core"
import { and, eq, isNull } from "drizzle-orm"
import { assistantConversations, assistantMessages } from "../../db/schema/assistant.js"
import { tasks } from "../../db/schema/tasks.js"
import type { ServerDeps } from "../../platform/deps.js"
import { taskCost } from "../artworks/taskPricing.js"
import { submitTask } from "../generation/taskSubmit.js"
import { badInput, conflict, notFound } from "./assistantRefusal.js"
import { messageViews } from "./assistantMessages.js"

const MESSAGE_NOT_FOUND = "消息不存在或已删除"

/**
 * Confirms a proposed drawing: the cost the user saw must still be the cost (else a conflict naming
 * the new one, nothing charged), then the agent task is submitted through the task API's own submit
 * (one transaction charges and enqueues; 米豆不足 refuses). Its request_id is the message's, so a
 * second confirm, even a concurrent one, answers the same task and charges once; once that task has
 * failed or been cancelled (refunded), a confirm draws it again as a new task (the chat's 重试).
 */
export const drawMessage = async (deps: ServerDeps, uid: number, input: { readonly message_id: number; readonly points: number }): Promise<AssistantMessage> => {
  const [found] = await deps.db
    .select({ message: assistantMessages })
    .from(assistantMessages)
    .innerJoin(assistantConversations, eq(assistantConversations.id, assistantMessages.conversationId))
    .where(and(eq(assistantMessages.id, input.message_id), eq(assistantConversations.uid, uid)))
    .limit(1)
  if (found === undefined) throw notFound(MESSAGE_NOT_FOUND)
  const row = found.message
  const drawing = row.drawing
  if (row.role !== "assistant" || drawing === null) throw badInput("这条消息没有要绘制的图片")
  // a drawing whose task failed or was cancelled may be drawn again (a new task, charged again)
  const [previous] = row.taskId === null ? [] : await deps.db.select({ id: tasks.id, status: tasks.status }).from(tasks).where(eq(tasks.id, row.taskId))
  const again = previous !== undefined && (previous.status === "failed" || previous.status === "cancelled")
  if (row.taskId === null || again) {
    const cost = (await taskCost(deps.db, uid, { type: "agent", num: 1 }, deps.now())).points
    if (cost !== input.points) throw conflict(`消耗已变为 ${cost} 米豆，请重新确认`)
    const task = await submitTask(deps, uid, {
      type: "agent",
      prompt: drawing.prompt,
      image_urls: drawing.edit_of === undefined ? [] : [drawing.edit_of],
      num: 1,
      size: "1024x1024",
      request_id: again ? `assistant-${row.id}-after-${previous.id.slice(0, 8)}` : `assistant-${row.id}`
    })
    const unchanged = row.taskId === null ? isNull(assistantMessages.taskId) : eq(assistantMessages.taskId, row.taskId)
    await deps.db.update(assistantMessages).set({ taskId: task.id }).where(and(eq(assistantMessages.id, row.id), unchanged))
  }
  const [latest] = await deps.db.select().from(assistantMessages).where(eq(assistantMessages.id, row.id))
  if (latest === undefined) throw notFound(MESSAGE_NOT_FOUND)
  return (await messageViews(deps.db, deps.config, [latest]))[0]!
}
