import type { RouteExamples } from "../Route.js"
import type { Api, ApiGroup } from "../routeTable.js"
import { artworkExamples } from "./artworkExamples.js"
import { assistantExamples } from "./assistantExamples.js"
import { commerceExamples } from "./commerceExamples.js"
import { communityExamples } from "./communityExamples.js"
import { fileExamples } from "./fileExamples.js"
import { generationExamples } from "./generationExamples.js"
import { inviteExamples } from "./inviteExamples.js"
import { loginExamples } from "./loginExamples.js"
import { messageExamples } from "./messageExamples.js"
import { userExamples } from "./userExamples.js"

/** One example per route of the whole contract, keyed like `Api`: group, then the route's short name. */
export type ApiExamples = { readonly [G in ApiGroup]: RouteExamples<(typeof Api)[G]> }

/**
 * Realistic wire-form samples of every route, for docs/api.md (scripts/writeApiDocs.ts) and the decode
 * tests. Test and script code only: nothing reachable from src/index.ts imports this folder, so the
 * browser bundle ships no sample data.
 */
export const routeExamples: ApiExamples = {
  user: userExamples,
  login: loginExamples,
  message: messageExamples,
  commerce: commerceExamples,
  file: fileExamples,
  artwork: artworkExamples,
  community: communityExamples,
  generation: generationExamples,
  assistant: assistantExamples,
  invite: inviteExamples
}
