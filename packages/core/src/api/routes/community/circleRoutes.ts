import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { Circle, CircleCreate, CircleMember, CircleMembership, CircleRole, CircleUpdate } from "../../schemas/Circle.js"
import { Id, Page, PageQuery, QueryId } from "../../schemas/common.js"

const Keyword = Schema.Trim.pipe(Schema.maxLength(20, { message: () => "搜索词不能超过 20 个字" }))

/** 圈子: list, detail, the circle form, join and leave, members. Paths are ours (not in spec §7). */
export const circleRoutes = {
  circleList: defineRoute({
    name: "community.circleList",
    method: "GET",
    path: "/api/v1/open/community/circle/list",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({
      scope: Schema.optionalWith(Schema.Literal("all", "joined", "owned"), { default: () => "all" }).annotations({
        description: "joined and owned need a token; all is every circle, most members first"
      }),
      keyword: Schema.optional(Keyword),
      ...PageQuery.fields
    }),
    data: Page(Circle),
    summary: "Circles for /community/circle-list, searchable by name. Path ours (not in spec §7)."
  }),
  circleDetail: defineRoute({
    name: "community.circleDetail",
    method: "GET",
    path: "/api/v1/open/community/circle/detail",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ id: QueryId }),
    data: Circle,
    summary: "One circle for /community/circle-detail, with the viewer's is_joined and is_owner. Path ours (not in spec §7)."
  }),
  circleCreate: defineRoute({
    name: "community.circleCreate",
    method: "POST",
    path: "/api/v1/community/circle/create",
    auth: "required",
    encoding: "json",
    input: CircleCreate,
    data: Circle,
    summary: "Creates a circle from /community/circle-form; the creator is its owner and first member. Path ours (not in spec §7)."
  }),
  circleUpdate: defineRoute({
    name: "community.circleUpdate",
    method: "POST",
    path: "/api/v1/community/circle/update",
    auth: "required",
    encoding: "json",
    input: CircleUpdate,
    data: Circle,
    summary: "Saves the circle form again; owner only (R11). Path ours (not in spec §7)."
  }),
  circleJoin: defineRoute({
    name: "community.circleJoin",
    method: "POST",
    path: "/api/v1/community/circle/join",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({ id: Id }),
    data: CircleMembership,
    summary: "Joins a circle; joining twice changes nothing. Path ours (not in spec §7)."
  }),
  circleLeave: defineRoute({
    name: "community.circleLeave",
    method: "POST",
    path: "/api/v1/community/circle/leave",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({ id: Id }),
    data: CircleMembership,
    summary: "Leaves a circle; the owner cannot leave their own. Path ours (not in spec §7)."
  }),
  circleMembers: defineRoute({
    name: "community.circleMembers",
    method: "GET",
    path: "/api/v1/open/community/circle/members",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ id: QueryId, role: Schema.optional(CircleRole), ...PageQuery.fields }),
    data: Page(CircleMember),
    summary: "A circle's members, owner and admins first, then by join time (circle user list view). Path ours (not in spec §7)."
  })
} as const
