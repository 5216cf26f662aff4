import { Effect } from "effect"
import type { CallError, InputCallError } from "../api/ApiErrors.js"
import { artworkRoutes } from "../api/routes/artworkRoutes.js"
import { fileRoutes } from "../api/routes/fileRoutes.js"
import { assignmentRoutes } from "../api/routes/community/assignmentRoutes.js"
import { circleRoutes } from "../api/routes/community/circleRoutes.js"
import { postRoutes } from "../api/routes/community/postRoutes.js"
import type { ArtworkCard } from "../api/schemas/ArtworkCard.js"
import type { ArtworkGroup } from "../api/schemas/ArtworkGroup.js"
import type { Assignment } from "../api/schemas/Assignment.js"
import type { Circle, CircleMember, CircleMembership } from "../api/schemas/Circle.js"
import type { Post } from "../api/schemas/Post.js"
import type { UserBrief } from "../api/schemas/UserBrief.js"
import { InvalidInput } from "../api/ApiErrors.js"
import { type CircleFormValues, circleFormInput } from "../domain/circle/circleMembership.js"
import { ApiClient } from "./ApiClient.js"
import { validateInput } from "./validateInput.js"

/** Which circles a list shows: every circle (most members first), the ones I joined, the ones I own. */
export type CircleScope = "all" | "joined" | "owned"

interface Numbered<A> {
  readonly list: ReadonlyArray<A>
  readonly total: number
}

/** A group (作品集) page: the group, its owner and one page of its works. */
export interface GroupPage {
  readonly group: ArtworkGroup
  readonly owner: UserBrief
  readonly list: ReadonlyArray<ArtworkCard>
  readonly total: number
}

export interface CirclesShape {
  /** GET …/circle/list: one page of circles; `keyword` searches names (≤ 20 characters, checked first). */
  readonly circles: (scope: CircleScope, keyword: string, page: number, size: number) => Effect.Effect<Numbered<Circle>, InputCallError>
  readonly circle: (id: number) => Effect.Effect<Circle, CallError>
  /** CI3, then the route's schema, then POST …/circle/create or …/circle/update (owner only, R11). */
  readonly save: (id: number | null, values: CircleFormValues) => Effect.Effect<Circle, InputCallError>
  readonly join: (id: number) => Effect.Effect<CircleMembership, CallError>
  readonly leave: (id: number) => Effect.Effect<CircleMembership, CallError>
  readonly members: (id: number, page: number, size: number) => Effect.Effect<Numbered<CircleMember>, CallError>
  /** The circle's posts, newest first, keyset paged (postList filtered by circle). */
  readonly posts: (id: number, cursor: string | undefined, size: number) => Effect.Effect<{ readonly list: ReadonlyArray<Post>; readonly next_cursor?: string | undefined }, CallError>
  readonly assignments: (circleId: number, page: number, size: number) => Effect.Effect<Numbered<Assignment>, CallError>
  readonly assignment: (id: number) => Effect.Effect<Assignment, CallError>
  readonly submissions: (id: number, page: number, size: number) => Effect.Effect<Numbered<Post>, CallError>
  /** Hands in one of my works (its cover as the post's image) with a note; the route's schema checks the note. */
  readonly submit: (assignmentId: number, content: string, artwork: { readonly id: number; readonly cover: string; readonly width: number; readonly height: number }) => Effect.Effect<Post, InputCallError>
  /**
   * After a direct upload to storage (its key): file/create (scene community) has the server check the
   * bytes and record the file as the caller's, so the circle form may use its address (R19).
   */
  readonly storeImage: (key: string) => Effect.Effect<string, CallError>
  /** GET /api/v1/open/user/get_artwork_group_detail: the group with its owner and one page of works. */
  readonly group: (id: number, page: number, size: number) => Effect.Effect<GroupPage, CallError>
}

/**
 * The circle pages' calls (issue 17: /community/circle, circle-list, circle-detail, circle-form,
 * assignment-detail, group-detail) over the app's ApiClient. In @mido/core/circle, made like
 * makeInvitesService: no Layer, so nothing of it reaches the first load.
 */
export const makeCirclesService: Effect.Effect<CirclesShape, never, ApiClient> = Effect.map(ApiClient, (api): CirclesShape => ({
  circles: (scope, keyword, page, size) => {
    const raw = { scope, page: String(page), size: String(size), ...(keyword.trim() === "" ? {} : { keyword }) }
    return Effect.flatMap(validateInput(circleRoutes.circleList, raw), (input) => api.call(circleRoutes.circleList, input))
  },
  circle: (id) => api.call(circleRoutes.circleDetail, { id }),
  save: (id, values) => {
    const checked = circleFormInput(values)
    if ("problem" in checked) return Effect.fail(new InvalidInput({ route: id === null ? circleRoutes.circleCreate.name : circleRoutes.circleUpdate.name, field: "cover", message: checked.problem }))
    return id === null
      ? Effect.flatMap(validateInput(circleRoutes.circleCreate, checked.input), (input) => api.call(circleRoutes.circleCreate, input))
      : Effect.flatMap(validateInput(circleRoutes.circleUpdate, { id, ...checked.input }), (input) => api.call(circleRoutes.circleUpdate, input))
  },
  join: (id) => api.call(circleRoutes.circleJoin, { id }),
  leave: (id) => api.call(circleRoutes.circleLeave, { id }),
  members: (id, page, size) => api.call(circleRoutes.circleMembers, { id, page, size }),
  posts: (id, cursor, size) => api.call(postRoutes.postList, { circle_id: id, sort: "new", size, ...(cursor === undefined ? {} : { cursor }) }),
  assignments: (circleId, page, size) => api.call(assignmentRoutes.assignmentList, { circle_id: circleId, page, size }),
  assignment: (id) => api.call(assignmentRoutes.assignmentDetail, { id }),
  submissions: (id, page, size) => api.call(assignmentRoutes.assignmentSubmissions, { id, page, size }),
  submit: (assignmentId, content, artwork) =>
    Effect.flatMap(
      validateInput(assignmentRoutes.assignmentSubmit, {
        assignment_id: assignmentId,
        content,
        artwork_id: artwork.id,
        images: [{ url: artwork.cover, width: artwork.width, height: artwork.height }]
      }),
      (input) => api.call(assignmentRoutes.assignmentSubmit, input)
    ),
  storeImage: (key) => Effect.map(api.call(fileRoutes.fileCreate, { key, scene: "community" }), (stored) => stored.url),
  group: (id, page, size) => api.call(artworkRoutes.groupDetail, { id, page, size })
}))
