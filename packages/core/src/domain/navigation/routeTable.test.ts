import { describe, expect, it } from "vitest"
import { matchPattern, matchRoute } from "./matchRoute.js"
import { pageTitle, pageTitleForPath } from "./pageTitle.js"
import { type RouteLayout, routeByName, routes } from "./routeTable.js"

type RouteRow = readonly [rule: "NV1", path: string, name: string, title: string, layout: RouteLayout, login: boolean, mobile: boolean, keepAlive: boolean]

/** Spec §2, route by route: path, name, title, layout, login required, mobile-site redirect, kept alive (NV12). */
const expectedRoutes: ReadonlyArray<RouteRow> = [
  ["NV1", "/list", "List", "灵感广场", "main", false, false, true],
  ["NV1", "/community", "Community", "社区", "main", false, false, true],
  ["NV1", "/aigc", "Aigc", "AI绘画", "main", false, false, true],
  ["NV1", "/webui", "WebUI", "在线SD绘画", "main", true, false, false],
  ["NV1", "/tools-panel", "ToolsPanel", "AI工具箱", "main", false, false, true],
  ["NV1", "/intelligent", "Intelligent", "智能助手", "main", true, false, false],
  ["NV1", "/property", "Property", "资产库", "main", true, false, false],
  ["NV1", "/personal/:id?", "Personal", "个人中心", "main", false, false, true],
  ["NV1", "/invite-info", "InviteInfo", "邀请有礼", "main", false, false, false],
  ["NV1", "/login", "Login", "登录", "main", false, false, false],
  ["NV1", "/community/publish", "CommunityPublish", "发布作品", "main", true, false, false],
  ["NV1", "/community/special-topic", "SpecialTopic", "专题", "main", false, false, true],
  ["NV1", "/community/circle", "Circle", "圈子", "main", false, false, true],
  ["NV1", "/community/circle-list", "CircleList", "圈子列表", "main", false, false, true],
  ["NV1", "/community/circle-detail", "CircleDetail", "圈子详情", "main", false, true, false],
  ["NV1", "/community/circle-form", "CircleForm", "编辑圈子", "main", true, false, false],
  ["NV1", "/community/assignment-detail", "AssignmentDetail", "作业详情", "main", false, true, false],
  ["NV1", "/community/group-detail", "GroupDetail", "小组详情", "main", false, false, false],
  ["NV1", "/community/publish-article", "PublishArticle", "发布文章", "main", true, false, false],
  ["NV1", "/invited", "Invited", "好友邀请", "none", false, true, false],
  ["NV1", "/work-detail/:id?", "WorkDetail", "作品详情", "none", false, true, false],
  ["NV1", "/community-detail/:id", "CommunityDetail", "帖子详情", "none", false, true, false],
  ["NV1", "/article-detail/:id", "ArticleDetail", "文章详情", "none", false, false, false],
  ["NV1", "/demo/editor", "DemoEditor", "编辑器演示", "none", false, false, false],
  ["NV1", "/activity/detail/:key?", "ActivityDetail", "活动详情", "activity", false, true, false],
  ["NV1", "/activity/boat", "ActivityBoat", "龙舟活动", "activity", false, true, false],
  ["NV1", "/activity/special-feature/:key?", "SpecialFeature", "专题活动", "activity", false, true, false],
  ["NV1", "/activity/work-detail", "ActivityWorkDetail", "活动作品详情", "activity", false, false, false],
  ["NV1", "/tools/discount", "ToolDiscount", "智能抠图", "tools", true, false, false],
  ["NV1", "/tools/hd-repair", "ToolHdRepair", "高清修复", "tools", true, false, false],
  ["NV1", "/tools/old-photo-restoration", "ToolOldPhotoRestoration", "老照片上色", "tools", true, false, false],
  ["NV1", "/tools/remove-watermark", "ToolRemoveWatermark", "去水印", "tools", true, false, false],
  ["NV1", "/tools/redraw", "ToolRedraw", "局部重绘", "tools", true, false, false],
  ["NV1", "/tools/element-elimination", "ToolElementElimination", "元素消除", "tools", true, false, false],
  ["NV1", "/tools/style-avatar", "ToolStyleAvatar", "风格头像", "tools", true, false, false],
  ["NV1", "/mobile-guide", "MobileGuide", "移动端引导", "none", false, false, false]
]

describe("NV1 the route table (spec §2)", () => {
  it.each(expectedRoutes)("%s %s", (_rule, path, name, title, layout, requiresLogin, mobileSiteRedirect, keepAlive) => {
    expect(routes.find((route) => route.path === path)).toEqual({ path, name, title, layout, requiresLogin, mobileSiteRedirect, keepAlive })
  })

  it.each([
    ["NV1", "no route beyond the expected ones", routes.length, expectedRoutes.length],
    ["NV1", "paths are unique", new Set(routes.map((route) => route.path)).size, routes.length],
    ["NV1", "names are unique", new Set(routes.map((route) => route.name)).size, routes.length],
    ["NV1", "/ is a redirect, not a route", routes.filter((route) => route.path === "/").length, 0]
  ] as const)("%s %s", (_rule, _name, actual, expected) => {
    expect(actual).toBe(expected)
  })

  it.each([
    ["NV1", "ActivityDetail", "/activity/detail/:key?"],
    ["NV1", "WorkDetail", "/work-detail/:id?"],
    ["NV1", "CommunityDetail", "/community-detail/:id"],
    ["NV1", "SpecialFeature", "/activity/special-feature/:key?"],
    ["NV1", "ActivityWorkDetail", "/activity/work-detail"],
    ["NV1", "Invited", "/invited"],
    ["NV1", "NoSuchRoute", undefined]
  ] as const)("%s named route %s", (_rule, name, path) => {
    expect(routeByName(name)?.path).toBe(path)
  })
})

describe("NV2 the route matcher", () => {
  it.each([
    ["NV2", "literal path", "/community", "/community", {}],
    ["NV2", "one trailing slash is tolerated", "/community", "/community/", {}],
    ["NV2", "case-sensitive", "/community", "/Community", undefined],
    ["NV2", "a longer path is not a prefix match", "/community", "/community/publish", undefined],
    ["NV2", "required param", "/work-detail/:id", "/work-detail/42", { id: "42" }],
    ["NV2", "required param missing", "/work-detail/:id", "/work-detail", undefined],
    ["NV2", "required param empty", "/work-detail/:id", "/work-detail//", undefined],
    ["NV2", "param is one segment only", "/work-detail/:id", "/work-detail/42/x", undefined],
    ["NV2", "param decoded once", "/work-detail/:id", "/work-detail/%E4%BD%9C%2541", { id: "作%41" }],
    ["NV2", "malformed escape never matches", "/work-detail/:id", "/work-detail/%E4%ZZ", undefined],
    ["NV2", "optional param present", "/personal/:id?", "/personal/7", { id: "7" }],
    ["NV2", "optional param absent", "/personal/:id?", "/personal", {}],
    ["NV2", "optional param absent, trailing slash", "/personal/:id?", "/personal/", {}],
    ["NV2", "optional param and one more segment", "/personal/:id?", "/personal/7/8", undefined],
    ["NV2", "a path must start with /", "/community", "community", undefined],
    ["NV2", "an empty path", "/community", "", undefined]
  ] as const)("%s %s", (_rule, _name, pattern, path, expected) => {
    expect(matchPattern(pattern, path)).toEqual(expected)
  })

  it.each([
    ["NV2", "nested literal beats nothing", "/community/circle-detail", "CircleDetail", {}],
    ["NV2", "optional key absent", "/activity/detail", "ActivityDetail", {}],
    ["NV2", "optional key present", "/activity/special-feature/summer", "SpecialFeature", { key: "summer" }],
    ["NV2", "tools path", "/tools/redraw", "ToolRedraw", {}],
    ["NV2", "unknown path", "/nowhere", undefined, undefined],
    ["NV2", "root is no route", "/", undefined, undefined],
    ["NV2", "a network path matches nothing", "//evil.com", undefined, undefined]
  ] as const)("%s %s", (_rule, _name, path, name, params) => {
    const match = matchRoute(path)
    expect(match?.route.name).toBe(name)
    expect(match?.params).toEqual(params)
  })
})

describe("NV3 the page title", () => {
  it.each([
    ["NV3", "route title plus product name", "灵感广场", "灵感广场 - 米豆AI"],
    ["NV3", "no title gives the product name", undefined, "米豆AI"],
    ["NV3", "a blank title gives the product name", "  ", "米豆AI"]
  ] as const)("%s %s", (_rule, _name, title, expected) => {
    expect(pageTitle(title)).toBe(expected)
  })

  it.each([
    ["NV3", "a main-layout page", "/aigc", "AI绘画 - 米豆AI"],
    ["NV3", "a tool page", "/tools/old-photo-restoration", "老照片上色 - 米豆AI"],
    ["NV3", "a route with a param", "/work-detail/9", "作品详情 - 米豆AI"],
    ["NV3", "an unknown path", "/nowhere", "米豆AI"]
  ] as const)("%s %s", (_rule, _name, path, expected) => {
    expect(pageTitleForPath(path)).toBe(expected)
  })
})
