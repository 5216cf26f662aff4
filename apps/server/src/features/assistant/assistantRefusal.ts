import { Refusal, refusalsOf } from "../../platform/refusal.js"

/** What the assistant's services refuse (conversations, messages, drawings); contract.ts answers it. */
export class AssistantRefusal extends Refusal {}

export const { badInput, conflict, notFound } = refusalsOf(AssistantRefusal)

export const CONVERSATION_NOT_FOUND = "对话不存在或已删除"
export const DEFAULT_TITLE = "新对话"
