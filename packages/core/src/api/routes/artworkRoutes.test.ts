import { Either, ParseResult, Schema } from "effect"
import { describe, expect, it } from "vitest"
import type { Artwork as DomainArtwork, ArtworkContent as DomainArtworkContent } from "../../domain/artwork/Artwork.js"
import type { AnyRoute, RouteExample } from "../Route.js"
import { Artwork } from "../schemas/Artwork.js"
import { artworkRoutes } from "./artworkRoutes.js"
import { sampleCard, sampleLibraryItem, sampleSdArtwork } from "../examples/artworkSamples.js"
import { samplePost } from "../examples/communitySamples.js"
import { artworkExamples } from "../examples/artworkExamples.js"
import { describeRoutes, inputFieldNames, routeCases } from "../../testing/describeRoutes.js"

// Type-level: what the contract decodes is what the domain rules (sameStyle) accept.
const _artworkFitsDomain: DomainArtwork = {} as typeof Artwork.Type
const _contentFitsDomain: DomainArtworkContent = {} as typeof Artwork.Type

const routes: ReadonlyArray<AnyRoute> = Object.values(artworkRoutes)
/** Each route with its wire-form example (api/examples/), as [name, route, example] rows. */
const withExamples: ReadonlyArray<readonly [string, AnyRoute, RouteExample<AnyRoute>]> = Object.entries(artworkRoutes).map(
  ([shortName, route]) => [route.name, route, artworkExamples[shortName as keyof typeof artworkRoutes]] as const
)
type ShortName = keyof typeof artworkRoutes

const strict = { onExcessProperty: "error" } as const
const decodes = (schema: Schema.Schema.AnyNoContext, value: unknown) => Either.isRight(Schema.decodeUnknownEither(schema)(value))
const firstMessage = (schema: Schema.Schema.AnyNoContext, value: unknown): string | undefined => {
  const result = Schema.decodeUnknownEither(schema)(value)
  return Either.isLeft(result) ? ParseResult.ArrayFormatter.formatErrorSync(result.left)[0]?.message : undefined
}

/** Spec §7 "Artworks and groups": every call must be in the table, at exactly this path and method. */
const specCalls: ReadonlyArray<readonly [string, string]> = [
  ["GET", "/api/v1/open/artwork/artwork/get_profile_list"],
  ["POST", "/api/v1/user/profile/artwork/delete"],
  ["POST", "/api/v1/user/create_artwork_group"],
  ["POST", "/api/v1/user/update_artwork_group"],
  ["POST", "/api/v1/user/delete_artwork_group"],
  ["GET", "/api/v1/open/user/get_artwork_group_detail"],
  ["GET", "/api/v1/open/user/category/list"],
  ["GET", "/api/v1/open/user/get_artwork_group_list"],
  ["GET", "/api/v1/open/user/get_user_likes"],
  ["GET", "/api/v1/open/user/get_post_list"],
  ["GET", "/api/v2/open/artwork/info"],
  ["GET", "/api/v1/open/artwork/models/info"],
  ["POST", "/api/v1/sd/models/add"],
  ["GET", "/api/v2/artwork/list"],
  ["GET", "/api/v2/artwork/types"],
  ["POST", "/api/v2/artwork/delete"],
  ["POST", "/api/v1/artwork/audit/submit"],
  ["POST", "/api/v2/artwork/upload"],
  // ours (issue 12): 移入作品集 without resending the group's list
  ["POST", "/api/v1/user/add_artworks_to_group"],
  // ours (issue 14): /webui's own models, those added with 添加到我的模型
  ["GET", "/api/v1/sd/models/mine"]
]

const group = { id: 8801, name: "国风山水", description: "", cover: null, artwork_count: 3, is_public: true, created_at: 1793520000 }

/** For every route, an answer that looks right but must not decode. */
const malformedData: Record<ShortName, unknown> = {
  profileList: { list: [{ ...sampleCard, type: "dalle" }] },
  deleteProfileArtwork: { artwork_id: 0, audit_status: "draft" },
  createGroup: { ...group, artwork_count: -1 },
  updateGroup: { ...group, is_public: "yes" },
  deleteGroup: { success: "true" },
  addToGroup: { group_id: 8801, added: -1, artwork_count: 3 },
  groupDetail: { group, list: [], total: 0 },
  categoryList: { list: [{ id: 1, name: "人像", key: "Portrait Photos", sort: 1 }] },
  groupList: { list: [group] },
  userLikes: { list: [{ ...sampleCard, width: 0 }], total: 1 },
  postList: { list: [{ ...samplePost, images: [{ url: "https://cdn.mido.example.com/a.png" }] }], total: 1 },
  info: { ...sampleSdArtwork, type: "quick" },
  modelInfo: { id: 1, type: "VAE", name: "x", cover: "", description: "", base_model: "", files: [], tags: [], use_count: 0, is_added: false },
  addSdModel: {},
  mySdModels: [{ id: 1, type: "LoRA", name: "x", cover: "", description: "", base_model: "", files: [], tags: [], use_count: -1, is_added: true }],
  libraryList: { list: [{ ...sampleLibraryItem, audit_status: "published" }], total: 1 },
  types: { list: [{ type: "video", name: "视频", count: 1 }] },
  deleteArtworks: { deleted: 1.5 },
  auditSubmit: { artwork_id: 60112, audit_status: "review" },
  upload: { ...sampleLibraryItem, audit_status: undefined }
}

/** Fields of this group's entities that only the server sets (R12). */
const serverOwned = ["user_uid", "user_name", "stat", "like_count", "view_count", "artwork_count", "audit_status", "is_owner", "is_like", "width", "height", "created_at", "use_count", "is_added"]

const long = (n: number) => "画".repeat(n)
const uploadInput = artworkExamples.upload.input

/** Inputs a client or attacker might send that the server must refuse. */
const badInputs: ReadonlyArray<readonly [ShortName, string, unknown]> = [
  ["info", "negative id", { id: "-1" }],
  ["info", "zero id", { id: "0" }],
  ["info", "id not a number", { id: "abc" }],
  ["info", "no id", {}],
  ["profileList", "oversize page", { size: "500" }],
  ["profileList", "negative uid", { uid: "-3" }],
  ["profileList", "unknown type", { type: "dalle" }],
  ["profileList", "cursor with SQL", { cursor: "' OR 1=1 --" }],
  ["groupList", "page 0", { uid: "10086", page: "0" }],
  ["groupList", "size 101", { uid: "10086", size: "101" }],
  ["groupList", "no uid", { page: "1" }],
  ["userLikes", "fractional uid", { uid: "1.5" }],
  ["postList", "uid as a number on the wire", { uid: 10086 }],
  ["groupDetail", "negative id", { id: "-8801" }],
  ["createGroup", "blank name", { name: "   " }],
  ["createGroup", "name over 20", { name: long(21) }],
  ["createGroup", "description over 200", { name: "山水", description: long(201) }],
  ["createGroup", "empty artwork list", { name: "山水", artwork_ids: [] }],
  ["createGroup", "negative artwork id", { name: "山水", artwork_ids: [-1] }],
  ["updateGroup", "negative id", { id: -1, name: "山水" }],
  ["updateGroup", "blank name", { id: 1, name: "" }],
  ["deleteGroup", "id as text in JSON", { id: "8801" }],
  ["addToGroup", "no artworks", { group_id: 8801, artwork_ids: [] }],
  ["addToGroup", "no group", { artwork_ids: [1] }],
  ["deleteProfileArtwork", "zero id", { id: 0 }],
  ["deleteArtworks", "no ids", { ids: [] }],
  ["deleteArtworks", "over 100 ids", { ids: Array.from({ length: 101 }, (_, i) => i + 1) }],
  ["auditSubmit", "empty title", { artwork_id: 1, title: "" }],
  ["auditSubmit", "title over 50", { artwork_id: 1, title: long(51) }],
  ["modelInfo", "empty name", { name: "", type: "LoRA" }],
  ["modelInfo", "unknown model type", { name: "x", type: "VAE" }],
  ["addSdModel", "zero id", { model_id: 0 }],
  ["upload", "a type the server draws itself", { ...uploadInput, type: "quick" }],
  ["upload", "javascript address", { ...uploadInput, url: "javascript:alert(1)//x/" }],
  ["upload", "data address", { ...uploadInput, url: "data:image/png;base64,AAAA" }],
  ["upload", "prompt over 5000", { ...uploadInput, parameters: { ...uploadInput.parameters, prompt: long(5001) } }],
  ["libraryList", "unknown audit status", { audit_status: "published" }],
  ["libraryList", "search over 50", { q: long(51) }],
  ["libraryList", "blank search", { q: "   " }],
  ["libraryList", "day not YYYY-MM-DD", { from: "2026/11/22" }],
  ["libraryList", "month 13", { to: "2026-13-01" }]
]

describe("artworkRoutes", () => {
  it("has every §7 artworks-and-groups call, once", () => {
    const table = routes.map((route) => [route.method, route.path])
    expect(table).toHaveLength(specCalls.length)
    for (const call of specCalls) expect(table).toContainEqual(call)
  })

  it.each(withExamples)("%s follows the conventions", (name, route, example) => {
    expect(name).toMatch(/^artwork\.[a-zA-Z]+$/)
    expect(route.encoding).toBe(route.method === "GET" ? "query" : "json")
    expect(route.auth === "required").toBe(!route.path.includes("/open/"))
    if (route.encoding === "query") for (const value of Object.values(example.input as object)) expect(typeof value).toBe("string")
  })





  it("R12: a group payload carrying server-owned fields is refused under strict decoding", () => {
    const decodeStrict = Schema.decodeUnknownEither(artworkRoutes.createGroup.input, strict)
    expect(Either.isLeft(decodeStrict({ name: "山水", artwork_count: 9999 }))).toBe(true)
    expect(Either.isRight(decodeStrict({ name: "山水" }))).toBe(true)
  })

  it.each(routes.filter((route) => route.method === "POST").map((route) => [route.name, route] as const))(
    "R12: %s accepts no server-owned field",
    (_name, route) => {
      const names = inputFieldNames(route.input.ast)
      for (const owned of serverOwned) expect(names).not.toContain(owned)
    }
  )

  it("R12: the field walker sees nested fields (so the check above can fail)", () => {
    expect(inputFieldNames(artworkRoutes.upload.input.ast)).toContain("prompt")
  })

  it("trims what the user typed and tells them in Chinese what is wrong", () => {
    expect(Schema.decodeUnknownSync(artworkRoutes.createGroup.input)({ name: "  国风山水 " })).toEqual({ name: "国风山水", description: "", is_public: true })
    expect(firstMessage(artworkRoutes.createGroup.input, { name: " " })).toBe("请输入作品集名称")
    expect(firstMessage(artworkRoutes.createGroup.input, { name: long(21) })).toBe("作品集名称不能超过 20 个字")
    expect(firstMessage(artworkRoutes.deleteArtworks.input, { ids: [] })).toBe("请至少选择一项")
  })

  it("the feed defaults to 20 a page and keeps the filters", () => {
    expect(Schema.decodeUnknownSync(artworkRoutes.profileList.input)({ type: "quick_mj" })).toEqual({ type: "quick_mj", size: 20 })
  })

  it.each([
    ["quick", { base_image_url: null, style_info: { group: "pro", name: "赛博朋克", cover: "https://cdn.mido.example.com/s.png" } }],
    ["quick_mj", { image_prompts: ["https://cdn.mido.example.com/p.png"], style_reference: null, version_info: { name: "V7" } }],
    ["agent", { id: 3, name: "4o 绘图", head: "https://cdn.mido.example.com/agent.png" }]
  ])("an artwork of type %s decodes with its own parameters", (type, parameters) => {
    const artwork = Schema.decodeUnknownSync(Artwork)({ ...sampleSdArtwork, type, parameters })
    expect(artwork.type).toBe(type)
  })

  it.each([
    ["quick", { base_image_url: null, style_info: { group: "pro", name: "赛博朋克", cover: "" }, prompt: "雨夜街头" }],
    ["quick_mj", { version_info: { name: "v7" }, prompt: "一只机械猫 --chaos 10" }],
    ["agent", { id: 1, name: "智能助手", head: "", prompt: "樱花树下看书的橘猫" }]
  ])("the prompt a %s artwork was drawn with is kept (ours; same-style and the prompt panel read it)", (type, parameters) => {
    const artwork = Schema.decodeUnknownSync(Artwork)({ ...sampleSdArtwork, type, parameters })
    expect((artwork.parameters as { prompt: string }).prompt).toBe(parameters.prompt)
  })

  it("missing quick_mj lists and sd extras decode to empty values", () => {
    const mj = Schema.decodeUnknownSync(Artwork)({ ...sampleSdArtwork, type: "quick_mj", parameters: { version_info: { name: "V6.1" } } })
    expect(mj.parameters).toEqual({ image_prompts: [], style_reference: [], character_reference: [], omni_reference: [], version_info: { name: "V6.1" }, prompt: "" })
    const sd = Schema.decodeUnknownSync(Artwork)({ ...sampleSdArtwork, parameters: { prompt: "猫", negative_prompt: null } })
    expect(sd.parameters).toEqual({ prompt: "猫", negative_prompt: "", models: [], args: [] })
  })

  it.each([
    ["quick style group outside default|pro", { type: "quick", parameters: { style_info: { group: "vip", name: "x", cover: "" } } }],
    ["sd model type outside Checkpoint|LoRA", { type: "sd", parameters: { prompt: "", models: [{ type: "VAE", name: "x", files: [] }] } }],
    ["agent without a name", { type: "agent", parameters: { id: 3, head: "" } }],
    ["viewer flag as 0/1", { is_like: 1 }],
    ["negative count", { stat: { ...sampleSdArtwork.stat, view_count: -1 } }]
  ])("rejects an artwork: %s", (_case, patch) => {
    expect(decodes(Artwork, { ...sampleSdArtwork, ...patch })).toBe(false)
  })
})

// the shared checks every group runs: conventions, examples both ways, malformed answers, bad input, R12
describeRoutes("artwork", artworkRoutes, artworkExamples, routeCases(malformedData, badInputs))
