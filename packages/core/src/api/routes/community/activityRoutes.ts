import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { Activity, ActivityStatus, ActivityWork, ActivityWorkSubmit } from "../../schemas/Activity.js"
import { Page, PageQuery, QueryId } from "../../schemas/common.js"
import { SpecialTopic, SpecialTopicItem } from "../../schemas/SpecialTopic.js"
import { Slug } from "../../schemas/textFields.js"

/** 活动 and 专题: lists, detail by key, an activity's works and handing one in. Paths are ours (not in spec §7). */
export const activityRoutes = {
  activityList: defineRoute({
    name: "community.activityList",
    method: "GET",
    path: "/api/v1/open/community/activity/list",
    auth: "none",
    encoding: "query",
    input: Schema.Struct({ status: Schema.optional(ActivityStatus), ...PageQuery.fields }),
    data: Page(Activity),
    summary: "Activities, ongoing first, then upcoming, then ended. Path ours (not in spec §7)."
  }),
  activityDetail: defineRoute({
    name: "community.activityDetail",
    method: "GET",
    path: "/api/v1/open/community/activity/detail",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ key: Slug }),
    data: Activity,
    summary: "One activity by its key for /activity/detail/{key}. Path ours (not in spec §7)."
  }),
  activityWorks: defineRoute({
    name: "community.activityWorks",
    method: "GET",
    path: "/api/v1/open/community/activity/works",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({
      activity_id: QueryId,
      sort: Schema.optionalWith(Schema.Literal("new", "hot"), { default: () => "new" }).annotations({ description: "hot: most votes first" }),
      ...PageQuery.fields
    }),
    data: Page(ActivityWork),
    summary: "The works handed in to an activity (/activity/detail, /activity/work-detail). Path ours (not in spec §7)."
  }),
  activitySubmitWork: defineRoute({
    name: "community.activitySubmitWork",
    method: "POST",
    path: "/api/v1/community/activity/submit_work",
    auth: "required",
    encoding: "json",
    input: ActivityWorkSubmit,
    data: ActivityWork,
    summary: "Hands in one of the viewer's artworks while the activity is ongoing, once per activity. Path ours (not in spec §7)."
  }),
  specialTopicList: defineRoute({
    name: "community.specialTopicList",
    method: "GET",
    path: "/api/v1/open/community/special_topic/list",
    auth: "none",
    encoding: "query",
    input: PageQuery,
    data: Page(SpecialTopic),
    summary: "Special topics, newest first (/community/special-topic). Path ours (not in spec §7)."
  }),
  specialTopicDetail: defineRoute({
    name: "community.specialTopicDetail",
    method: "GET",
    path: "/api/v1/open/community/special_topic/detail",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ key: Slug, ...PageQuery.fields }),
    data: Schema.Struct({ topic: SpecialTopic, list: Schema.Array(SpecialTopicItem), total: Schema.Int.pipe(Schema.nonNegative()) }),
    summary: "A special topic by key with one page of its items, artworks and articles in the editors' order (/activity/special-feature/{key}). Path ours (not in spec §7)."
  })
} as const
