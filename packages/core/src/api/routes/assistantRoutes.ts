import { assistantRoutes as conversationRoutes } from "./assistant/assistantRoutes.js"

/** The assistant that draws (/intelligent; designed, not in spec §7). */
export const assistantRoutes = {
  ...conversationRoutes
} as const
