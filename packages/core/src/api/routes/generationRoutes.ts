import { taskRoutes } from "./generation/taskRoutes.js"

/** Drawing and tool tasks (designed; docs/engines.md says who draws them). */
export const generationRoutes = {
  ...taskRoutes
} as const
