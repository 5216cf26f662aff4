import { presetRoutes } from "./generation/presetRoutes.js"
import { taskRoutes } from "./generation/taskRoutes.js"

/** Drawing and tool tasks (designed; docs/engines.md says who draws them). */
export const generationRoutes = {
  ...taskRoutes,
  ...presetRoutes
} as const
