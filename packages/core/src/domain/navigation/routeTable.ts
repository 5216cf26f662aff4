/** The frame a page renders in (spec §2): the main layout, the activity layout, the tools bar, or bare. */
export type RouteLayout = "main" | "activity" | "tools" | "none"

export interface RouteDefinition {
  /** A path pattern: literal segments, `:param` (one segment) and `:param?` (zero or one segment). */
  readonly path: string
  readonly name: string
  /** The Chinese page title; the browser title adds the product name (pageTitle.ts). */
  readonly title: string
  readonly layout: RouteLayout
  readonly requiresLogin: boolean
  /** On mobile devices this route opens the same path on the mobile site (spec §2). */
  readonly mobileSiteRedirect: boolean
  /** NV12: the page stays alive in the view cache (its state and scroll kept) when the user leaves it. */
  readonly keepAlive: boolean
}

const route = (
  path: string,
  name: string,
  title: string,
  layout: RouteLayout,
  options: { readonly login?: boolean; readonly mobile?: boolean; readonly keepAlive?: boolean } = {}
): RouteDefinition => ({
  path,
  name,
  title,
  layout,
  requiresLogin: options.login ?? false,
  mobileSiteRedirect: options.mobile ?? false,
  keepAlive: options.keepAlive ?? false
})

/** NV12 (spec §9): the view cache holds at most this many pages; the least recently shown goes first. */
export const VIEW_CACHE_SIZE = 5

/** `/` is not a page: the guard sends it to `/list` (NV4). */
export const RootPath = "/"
export const HomePath = "/list"
export const LoginPath = "/login"
export const MobileGuidePath = "/mobile-guide"

/** NV1: every route of spec §2, plus the mobile-site guide page the mobile rule needs. */
export const routes: ReadonlyArray<RouteDefinition> = [
  route(HomePath, "List", "灵感广场", "main", { keepAlive: true }),
  route("/community", "Community", "社区", "main", { keepAlive: true }),
  route("/aigc", "Aigc", "AI绘画", "main", { keepAlive: true }),
  route("/webui", "WebUI", "在线SD绘画", "main", { login: true }),
  route("/tools-panel", "ToolsPanel", "AI工具箱", "main", { keepAlive: true }),
  route("/intelligent", "Intelligent", "智能助手", "main", { login: true }),
  route("/property", "Property", "资产库", "main", { login: true }),
  route("/personal/:id?", "Personal", "个人中心", "main", { keepAlive: true }),
  route("/invite-info", "InviteInfo", "邀请有礼", "main"),
  route(LoginPath, "Login", "登录", "main"),
  route("/community/publish", "CommunityPublish", "发布作品", "main", { login: true }),
  route("/community/special-topic", "SpecialTopic", "专题", "main", { keepAlive: true }),
  route("/community/circle", "Circle", "圈子", "main", { keepAlive: true }),
  route("/community/circle-list", "CircleList", "圈子列表", "main", { keepAlive: true }),
  route("/community/circle-detail", "CircleDetail", "圈子详情", "main", { mobile: true }),
  route("/community/circle-form", "CircleForm", "编辑圈子", "main", { login: true }),
  route("/community/assignment-detail", "AssignmentDetail", "作业详情", "main", { mobile: true }),
  route("/community/group-detail", "GroupDetail", "小组详情", "main"),
  route("/community/publish-article", "PublishArticle", "发布文章", "main", { login: true }),
  route("/invited", "Invited", "好友邀请", "none", { mobile: true }),
  route("/work-detail/:id?", "WorkDetail", "作品详情", "none", { mobile: true }),
  route("/community-detail/:id", "CommunityDetail", "帖子详情", "none", { mobile: true }),
  route("/article-detail/:id", "ArticleDetail", "文章详情", "none"),
  route("/demo/editor", "DemoEditor", "编辑器演示", "none"),
  route("/activity/detail/:key?", "ActivityDetail", "活动详情", "activity", { mobile: true }),
  route("/activity/boat", "ActivityBoat", "龙舟活动", "activity", { mobile: true }),
  route("/activity/special-feature/:key?", "SpecialFeature", "专题活动", "activity", { mobile: true }),
  route("/activity/work-detail", "ActivityWorkDetail", "活动作品详情", "activity"),
  route("/tools/discount", "ToolDiscount", "智能抠图", "tools", { login: true }),
  route("/tools/hd-repair", "ToolHdRepair", "高清修复", "tools", { login: true }),
  route("/tools/old-photo-restoration", "ToolOldPhotoRestoration", "老照片上色", "tools", { login: true }),
  route("/tools/remove-watermark", "ToolRemoveWatermark", "去水印", "tools", { login: true }),
  route("/tools/redraw", "ToolRedraw", "局部重绘", "tools", { login: true }),
  route("/tools/element-elimination", "ToolElementElimination", "元素消除", "tools", { login: true }),
  route("/tools/style-avatar", "ToolStyleAvatar", "风格头像", "tools", { login: true }),
  route(MobileGuidePath, "MobileGuide", "移动端引导", "none")
]

export const routeByName = (name: string): RouteDefinition | undefined =>
  routes.find((candidate) => candidate.name === name)
