import type { AnyRoute } from "./Route.js"
import { artworkRoutes } from "./routes/artworkRoutes.js"
import { assistantRoutes } from "./routes/assistantRoutes.js"
import { commerceRoutes } from "./routes/commerceRoutes.js"
import { communityRoutes } from "./routes/communityRoutes.js"
import { fileRoutes } from "./routes/fileRoutes.js"
import { generationRoutes } from "./routes/generationRoutes.js"
import { inviteRoutes } from "./routes/inviteRoutes.js"
import { loginRoutes } from "./routes/loginRoutes.js"
import { messageRoutes } from "./routes/messageRoutes.js"
import { userRoutes } from "./routes/userRoutes.js"

/**
 * The whole contract by group, as callers use it: `api.call(Api.user.info, {})`. The web app's client
 * and the reference server share it, so a path or a field can only change in one place.
 */
export const Api = {
  user: userRoutes,
  login: loginRoutes,
  message: messageRoutes,
  commerce: commerceRoutes,
  file: fileRoutes,
  artwork: artworkRoutes,
  community: communityRoutes,
  generation: generationRoutes,
  assistant: assistantRoutes,
  invite: inviteRoutes
} as const

export type ApiGroup = keyof typeof Api

/** Every route once, in documentation order. */
export const allRoutes: ReadonlyArray<AnyRoute> = Object.values(Api).flatMap((group) => Object.values(group) as ReadonlyArray<AnyRoute>)
