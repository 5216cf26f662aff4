import { defineRoute } from "../../Route.js"
import { TaskPoints, TaskPointsPayload } from "../../schemas/TaskPoints.js"

/** The bean cost of a drawing task before it is submitted (the drawing pages ask it). */
export const taskPointsRoutes = {
  taskPoints: defineRoute({
    name: "commerce.taskPoints",
    method: "POST",
    path: "/api/v2/quick/task/points",
    auth: "required",
    encoding: "json",
    input: TaskPointsPayload,
    data: TaskPoints,
    summary: "The bean cost of a quick or MJ drawing task before it is submitted, after the member discount, with the balance (payload ours: not shown). Charges nothing."
  })
} as const
