import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { renderApiDocs } from "./apiDocs.js"
import { routeExamples } from "./examples/routeExamples.js"
import type { RouteExample, RouteExamples } from "./Route.js"
import { Api, allRoutes } from "./routeTable.js"

const docsPath = fileURLToPath(new URL("../../../../docs/api.md", import.meta.url))

/** Every call of spec §7, as "METHOD path" (the multipart and file calls under /api/v1/base). */
const specCalls = [
  "GET /api/v1/user/info", "POST /api/v1/user/edit", "GET /api/v1/user/points", "GET /api/v1/user/coin/list",
  "GET /api/v1/open/user/profile", "GET /api/v1/user/follow/list", "POST /api/v1/user/profile_setting", "POST /api/v1/user/follow",
  "GET /api/v1/user/collect/list", "POST /api/v1/user/collect", "POST /api/v1/user/collect/batch", "POST /api/v1/user/like",
  "POST /api/v1/user/change_phone/auth", "POST /api/v1/user/change_phone",
  "GET /api/v1/open/artwork/artwork/get_profile_list", "POST /api/v1/user/profile/artwork/delete",
  "POST /api/v1/user/create_artwork_group", "POST /api/v1/user/update_artwork_group", "POST /api/v1/user/delete_artwork_group",
  "GET /api/v1/open/user/get_artwork_group_detail", "GET /api/v1/open/user/category/list", "GET /api/v1/open/user/get_artwork_group_list",
  "GET /api/v1/open/user/get_user_likes", "GET /api/v1/open/user/get_post_list", "GET /api/v2/open/artwork/info",
  "GET /api/v1/open/artwork/models/info", "POST /api/v1/sd/models/add", "GET /api/v2/artwork/list", "GET /api/v2/artwork/types",
  "POST /api/v2/artwork/delete", "POST /api/v1/artwork/audit/submit", "POST /api/v2/artwork/upload",
  "GET /api/v1/open/config/app_config", "GET /api/v1/open/config/tools/list", "GET /api/v1/open/config/membership_plan/list",
  "GET /api/v1/open/config/points_package/list", "GET /api/v1/open/config/coupon/check", "GET /api/v1/order/coupon",
  "POST /api/v1/order/create", "GET /api/v1/order/check", "GET /api/v1/order/close", "POST /api/v2/quick/task/points",
  "POST /api/v1/open/base/login", "POST /api/v1/open/base/wechat_bind_phone", "POST /api/v1/open/base/send_verify_sms",
  "POST /api/v1/open/base/send_wechat_bind_sms", "GET /api/v1/open/base/get_login_wechat_qr_code", "GET /api/v1/open/base/check_login_wechat_qr_code",
  "POST /api/v1/base/send_user_sms", "POST /api/v1/base/send_bind_sms", "GET /api/v1/base/get_bind_wechat_qr_code", "GET /api/v1/base/check_bind_wechat_qr_code",
  "GET /api/v1/user/message/unread_count", "GET /api/v1/user/message/list",
  "POST /api/v1/base/upload", "GET /api/v1/base/oss_token", "POST /api/v1/base/file/create", "POST /api/v1/base/upload/multipart/init",
  "POST /api/v1/base/upload/multipart", "POST /api/v1/base/upload/multipart/abort", "POST /api/v1/base/upload/multipart/complete",
  "POST /api/v1/base/file/snapshot", "POST /api/v1/base/file/download"
]

describe("the route table (spec §7)", () => {
  const table = new Set(allRoutes.map((route) => `${route.method} ${route.path}`))

  it.each(specCalls)("holds %s", (call) => {
    expect(table.has(call)).toBe(true)
  })

  it("has one route per method and path, and unique names", () => {
    expect(table.size).toBe(allRoutes.length)
    expect(new Set(allRoutes.map((route) => route.name)).size).toBe(allRoutes.length)
  })

  it("has exactly one example per route, keyed like Api", () => {
    for (const [group, routes] of Object.entries(Api)) {
      expect(Object.keys(routeExamples[group as keyof typeof Api]).sort(), group).toEqual(Object.keys(routes).sort())
    }
    expect(Object.keys(routeExamples).sort()).toEqual(Object.keys(Api).sort())
  })

  it("types an examples map against the routes' wire forms (checked by tsc)", () => {
    // @ts-expect-error: a route without an example is a type error
    const missing: RouteExamples<typeof Api.message> = { unreadCount: routeExamples.message.unreadCount, list: routeExamples.message.list }
    // @ts-expect-error: query inputs travel as text, so a number is a type error
    const wrongWire: RouteExample<typeof Api.message.list> = { input: { page: 1, size: "20", type: "like" }, data: { list: [], total: 0 } }
    expect([missing, wrongWire]).toHaveLength(2)
  })

  it("docs/api.md is what the route table renders (run `npm run docs:api` after changing routes)", () => {
    expect(readFileSync(docsPath, "utf8")).toBe(renderApiDocs(Api, routeExamples))
  })
})
