import { Effect } from "effect"
import type { CallError, InputCallError } from "../api/ApiErrors.js"
import { activityRoutes } from "../api/routes/community/activityRoutes.js"
import type { Activity, ActivityStatus, ActivityWork } from "../api/schemas/Activity.js"
import type { SpecialTopic, SpecialTopicItem } from "../api/schemas/SpecialTopic.js"
import { ApiClient } from "./ApiClient.js"
import type { NumberedList } from "./People.js"
import { validateInput } from "./validateInput.js"

/** One page of a special topic: the topic itself with a page of its items. */
export interface SpecialTopicPage extends NumberedList<SpecialTopicItem> {
  readonly topic: SpecialTopic
}

export interface ActivitiesShape {
  /** GET …/activity/list: ongoing first, then upcoming, then ended; `status` filters. */
  readonly list: (status: ActivityStatus | undefined, page: number, size: number) => Effect.Effect<NumberedList<Activity>, CallError>
  /** GET …/activity/detail by key (活动不存在或已下线 when unknown). */
  readonly detail: (key: string) => Effect.Effect<Activity, CallError>
  /** GET …/activity/works: the entries, newest first or most votes first. */
  readonly works: (activityId: number, sort: "new" | "hot", page: number, size: number) => Effect.Effect<NumberedList<ActivityWork>, CallError>
  /** POST …/activity/submit_work: one own artwork, checked by the route's schema first (创作说明 ≤ 200). */
  readonly submit: (activityId: number, artworkId: number, description: string) => Effect.Effect<ActivityWork, InputCallError>
  /** GET …/special_topic/list, newest first. */
  readonly topics: (page: number, size: number) => Effect.Effect<NumberedList<SpecialTopic>, CallError>
  /** GET …/special_topic/detail by key with one page of its items (专题不存在或已下线 when unknown). */
  readonly topic: (key: string, page: number, size: number) => Effect.Effect<SpecialTopicPage, CallError>
}

/**
 * The activity and special-topic pages' calls (issue 17: /activity/*, /community/special-topic) over
 * the app's ApiClient. In @mido/core/activity, made like makeArticlesService: no Layer, so nothing
 * of it reaches the first load.
 */
export const makeActivitiesService: Effect.Effect<ActivitiesShape, never, ApiClient> = Effect.map(ApiClient, (api) => ({
  list: (status, page, size) => api.call(activityRoutes.activityList, { ...(status === undefined ? {} : { status }), page, size }),
  detail: (key) => api.call(activityRoutes.activityDetail, { key }),
  works: (activityId, sort, page, size) => api.call(activityRoutes.activityWorks, { activity_id: activityId, sort, page, size }),
  submit: (activityId, artworkId, description) =>
    Effect.flatMap(validateInput(activityRoutes.activitySubmitWork, { activity_id: activityId, artwork_id: artworkId, description }), (input) =>
      api.call(activityRoutes.activitySubmitWork, input)),
  topics: (page, size) => api.call(activityRoutes.specialTopicList, { page, size }),
  topic: (key, page, size) => api.call(activityRoutes.specialTopicDetail, { key, page, size })
}))
