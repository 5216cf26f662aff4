import { Either, ParseResult, Schema } from "effect"
import { describe, expect, it } from "vitest"
import type { AnyRoute, RouteExample } from "../Route.js"
import { communityRoutes } from "./communityRoutes.js"
import { sampleCard } from "../examples/artworkSamples.js"
import {
  sampleActivity,
  sampleActivityWork,
  sampleArticle,
  sampleAssignment,
  sampleCircle,
  samplePost,
  samplePostComment,
  sampleSpecialTopic
} from "../examples/communitySamples.js"
import { communityExamples } from "../examples/communityExamples.js"
import { describeRoutes, inputFieldNames, routeCases } from "../../testing/describeRoutes.js"

const routes: ReadonlyArray<AnyRoute> = Object.values(communityRoutes)
/** Each route with its wire-form example (api/examples/), as [name, route, example] rows. */
const withExamples: ReadonlyArray<readonly [string, AnyRoute, RouteExample<AnyRoute>]> = Object.entries(communityRoutes).map(
  ([shortName, route]) => [route.name, route, communityExamples[shortName as keyof typeof communityRoutes]] as const
)
type ShortName = keyof typeof communityRoutes

const strict = { onExcessProperty: "error" } as const
const decodes = (schema: Schema.Schema.AnyNoContext, value: unknown) => Either.isRight(Schema.decodeUnknownEither(schema)(value))
const firstMessage = (schema: Schema.Schema.AnyNoContext, value: unknown): string | undefined => {
  const result = Schema.decodeUnknownEither(schema)(value)
  return Either.isLeft(result) ? ParseResult.ArrayFormatter.formatErrorSync(result.left)[0]?.message : undefined
}
const without = <T extends object>(value: T, key: keyof T) => Object.fromEntries(Object.entries(value).filter(([name]) => name !== key))

/** For every route, an answer that looks right but must not decode. */
const malformedData: Record<ShortName, unknown> = {
  circleList: { list: [{ ...sampleCircle, member_count: -1 }], total: 1 },
  circleDetail: without(sampleCircle, "owner"),
  circleCreate: { ...sampleCircle, is_joined: "1" },
  circleUpdate: { ...sampleCircle, created_at: "2026-01-01 00:00:00" },
  circleJoin: { is_joined: true },
  circleLeave: { is_joined: false, member_count: 1.5 },
  circleMembers: { list: [{ user: sampleCircle.owner, role: "moderator", joined_at: 1 }], total: 1 },
  postList: { list: [{ ...samplePost, content: null }] },
  postDetail: { ...samplePost, author: without(samplePost.author, "uid") },
  postPublish: { ...samplePost, images: "https://cdn.mido.example.com/1.png" },
  postLike: { like_count: 1 },
  articleList: { list: [without(sampleArticle, "summary")], total: 1 },
  articleDetail: without(sampleArticle, "content"),
  articlePublish: { ...sampleArticle, author: null },
  activityList: { list: [{ ...sampleActivity, status: "finished" }], total: 1 },
  activityDetail: { ...sampleActivity, key: "Winter 2026" },
  activityWorks: { list: [without(sampleActivityWork, "artwork")], total: 1 },
  activitySubmitWork: { ...sampleActivityWork, award: 1 },
  specialTopicList: { list: [{ ...sampleSpecialTopic, item_count: -1 }], total: 1 },
  specialTopicDetail: { topic: sampleSpecialTopic, list: [{ kind: "post", post: samplePost }], total: 1 },
  assignmentList: { list: [{ ...sampleAssignment, deadline: "明天" }], total: 1 },
  assignmentDetail: { ...sampleAssignment, circle_id: 0 },
  assignmentSubmissions: { list: [samplePost] },
  assignmentSubmit: without(samplePost, "is_like"),
  postCommentList: { list: [{ ...samplePostComment, replies: [{ ...samplePostComment.replies[0], author: null }] }], total: 1 },
  postCommentCreate: { comment: { ...samplePostComment.replies[0], content: 5 }, comment_count: 1 },
  postCommentDelete: { comment_count: -1 },
  postDelete: { success: "yes" },
  postCollect: { is_collected: true },
  postShare: { share_count: 1.5 },
  postReport: {}
}

/** Fields of the community entities that only the server sets (R12). */
const serverOwned = [
  "author", "owner", "uid", "member_count", "post_count", "like_count", "comment_count", "view_count", "vote_count",
  "work_count", "participant_count", "submission_count", "item_count", "award", "is_joined", "is_owner", "is_like", "is_vip",
  "status", "created_at", "deadline", "role", "collect_count", "share_count", "is_collected", "reply_to", "replies", "reply_count", "reward"
]

const long = (n: number) => "圈".repeat(n)
const image = { url: "https://cdn.mido.example.com/post/1.png", width: 512, height: 512 }
const circleForm = communityExamples.circleCreate.input

/** Inputs a client or attacker might send that the server must refuse. */
const badInputs: ReadonlyArray<readonly [ShortName, string, unknown]> = [
  ["circleList", "unknown scope", { scope: "mine" }],
  ["circleList", "size 0", { size: "0" }],
  ["circleList", "oversize page", { size: "1000" }],
  ["circleList", "keyword over 20", { keyword: long(21) }],
  ["circleDetail", "negative id", { id: "-301" }],
  ["circleCreate", "blank name", { ...circleForm, name: "  " }],
  ["circleCreate", "name over 20", { ...circleForm, name: long(21) }],
  ["circleCreate", "javascript avatar", { ...circleForm, avatar: "javascript:alert(1)" }],
  ["circleCreate", "description over 200", { ...circleForm, description: long(201) }],
  ["circleUpdate", "no id", circleForm],
  ["circleJoin", "zero id", { id: 0 }],
  ["circleLeave", "fractional id", { id: 1.5 }],
  ["circleMembers", "unknown role", { id: "301", role: "moderator" }],
  ["postList", "oversize page", { size: "51" }],
  ["postList", "unknown sort", { sort: "random" }],
  ["postList", "negative circle", { circle_id: "-1" }],
  ["postDetail", "id not a number", { id: "abc" }],
  ["postPublish", "empty content", { content: "" }],
  ["postPublish", "content over 5000", { content: long(5001) }],
  ["postPublish", "ten images", { content: "看图", images: Array.from({ length: 10 }, () => image) }],
  ["postPublish", "image with zero width", { content: "看图", images: [{ ...image, width: 0 }] }],
  ["postPublish", "six topics", { content: "话题", topics: ["一", "二", "三", "四", "五", "六"] }],
  ["postPublish", "topic with #", { content: "话题", topics: ["#国风#"] }],
  ["postPublish", "negative artwork id", { content: "作品", artwork_id: -1 }],
  ["postLike", "a toggle without the wanted state", { id: 1 }],
  ["postLike", "unknown action", { id: 1, action: "toggle" }],
  ["postLike", "zero id", { id: 0, action: "like" }],
  ["articleList", "page 0", { page: "0" }],
  ["articleDetail", "negative id", { id: "-7001" }],
  ["articlePublish", "title over 50", { title: long(51), content: "正文" }],
  ["articlePublish", "empty body", { title: "标题", content: " " }],
  ["articlePublish", "data cover", { title: "标题", content: "正文", cover: "data:image/png;base64,AAAA" }],
  ["articlePublish", "body over 5000", { title: "标题", content: long(5001) }],
  ["activityList", "unknown status", { status: "finished" }],
  ["activityDetail", "path in key", { key: "../admin" }],
  ["activityDetail", "empty key", { key: "" }],
  ["activityWorks", "no activity", { page: "1" }],
  ["activitySubmitWork", "negative artwork id", { activity_id: 12, artwork_id: -5 }],
  ["activitySubmitWork", "description over 200", { activity_id: 12, artwork_id: 1, description: long(201) }],
  ["specialTopicList", "size 101", { size: "101" }],
  ["specialTopicDetail", "upper-case key", { key: "GuoFeng" }],
  ["assignmentList", "no circle", {}],
  ["assignmentDetail", "zero id", { id: "0" }],
  ["assignmentSubmissions", "negative id", { id: "-808" }],
  ["assignmentSubmit", "assignment id as text in JSON", { assignment_id: "808", content: "交作业" }],
  ["assignmentSubmit", "blank content", { assignment_id: 808, content: "\n\t " }],
  ["postList", "unknown feed tab", { feed: "hot" }],
  ["postCommentList", "no post", { page: "1" }],
  ["postCommentList", "size 51", { post_id: "90017", size: "51" }],
  ["postCommentCreate", "blank comment", { post_id: 90017, content: "  " }],
  ["postCommentCreate", "comment over 500", { post_id: 90017, content: long(501) }],
  ["postCommentCreate", "zero reply id", { post_id: 90017, content: "好看", reply_id: 0 }],
  ["postCommentDelete", "id as text", { id: "5" }],
  ["postDelete", "negative id", { id: -1 }],
  ["postCollect", "a toggle without the wanted state", { id: 1 }],
  ["postShare", "no id", {}],
  ["postReport", "unknown reason", { id: 1, reason: "boring" }],
  ["postReport", "detail over 200", { id: 1, reason: "other", detail: long(201) }]
]

describe("communityRoutes", () => {
  it("has unique names and paths, all under /community/", () => {
    expect(new Set(routes.map((route) => route.name)).size).toBe(routes.length)
    expect(new Set(routes.map((route) => route.path)).size).toBe(routes.length)
    for (const route of routes) expect(route.path).toMatch(/^\/api\/v1\/(open\/)?community\/[a-z_]+\/[a-z_]+$/)
  })

  it.each(withExamples)("%s follows the conventions", (name, route, example) => {
    expect(name).toMatch(/^community\.[a-zA-Z]+$/)
    expect(route.summary).toContain("Path ours (not in spec §7")
    expect(route.encoding).toBe(route.method === "GET" ? "query" : "json")
    expect(route.auth === "required").toBe(!route.path.includes("/open/"))
    if (route.encoding === "query") for (const value of Object.values(example.input as object)) expect(typeof value).toBe("string")
  })





  it.each([
    ["postPublish", { content: "你好", like_count: 999 }],
    ["postPublish", { content: "你好", author: { uid: 1 } }],
    ["circleCreate", { ...circleForm, member_count: 100000 }],
    ["activitySubmitWork", { activity_id: 12, artwork_id: 1, vote_count: 9999 }]
  ] as const)("R12: %s refuses server-owned fields under strict decoding", (name, payload) => {
    const input_: Schema.Schema.AnyNoContext = communityRoutes[name].input
    expect(Either.isLeft(Schema.decodeUnknownEither(input_, strict)(payload))).toBe(true)
  })

  it.each(routes.filter((route) => route.method === "POST").map((route) => [route.name, route] as const))(
    "R12: %s accepts no server-owned field",
    (_name, route) => {
      const names = inputFieldNames(route.input.ast)
      for (const owned of serverOwned) expect(names).not.toContain(owned)
      expect(names.length).toBeGreaterThan(0)
    }
  )

  it("trims the post body and fills the defaults", () => {
    expect(Schema.decodeUnknownSync(communityRoutes.postPublish.input)({ content: "  今天画了只猫 \n" })).toEqual({ content: "今天画了只猫", images: [], topics: [] })
  })

  it.each([
    [communityRoutes.postPublish.input, { content: " " }, "请输入内容"],
    [communityRoutes.postPublish.input, { content: "x", images: Array.from({ length: 10 }, () => image) }, "最多上传 9 张图片"],
    [communityRoutes.postPublish.input, { content: "x", topics: ["a b"] }, "话题不能包含 # 或空格"],
    [communityRoutes.circleCreate.input, { ...circleForm, name: long(21) }, "圈子名称不能超过 20 个字"],
    [communityRoutes.circleCreate.input, { ...circleForm, cover: "ftp://x/y.png" }, "图片地址无效"],
    [communityRoutes.articlePublish.input, { title: "", content: "正文" }, "请输入标题"]
  ])("says in Chinese what is wrong (%#)", (schema, input, message) => {
    expect(firstMessage(schema, input)).toBe(message)
  })

  it("a special topic mixes artworks and articles, told apart by kind", () => {
    const page = Schema.decodeUnknownSync(communityRoutes.specialTopicDetail.data)(communityExamples.specialTopicDetail.data)
    expect(page.list.map((item) => item.kind)).toEqual(["artwork", "article"])
    expect(decodes(communityRoutes.specialTopicDetail.data, { topic: sampleSpecialTopic, list: [{ kind: "article", artwork: sampleCard }], total: 1 })).toBe(false)
  })
})

// the shared checks every group runs: conventions, examples both ways, malformed answers, bad input, R12
describeRoutes("community", communityRoutes, communityExamples, routeCases(malformedData, badInputs))
