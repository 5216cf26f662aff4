import { Schema } from "effect"
import { defineRoute } from "../Route.js"
import { Artwork, ArtworkType } from "../schemas/Artwork.js"
import { ArtworkCard } from "../schemas/ArtworkCard.js"
import { ArtworkGroup, ArtworkGroupCreate, ArtworkGroupUpdate } from "../schemas/ArtworkGroup.js"
import { ArtworkAuditSubmit, ArtworkUpload } from "../schemas/ArtworkUpload.js"
import { SdModelType } from "../schemas/ArtworkParameters.js"
import { Category } from "../schemas/Category.js"
import { CursorPage, Id, Page, PageQuery, QueryId, QueryInt, SuccessFlag } from "../schemas/common.js"
import { ArtworkTypeTab, AuditStatus, LibraryArtwork } from "../schemas/LibraryArtwork.js"
import { Post } from "../schemas/Post.js"
import { SdModelInfo } from "../schemas/SdModelInfo.js"
import { Cursor, IdBatch } from "../schemas/textFields.js"
import { UserBrief } from "../schemas/UserBrief.js"
import { CDN, sampleAuthor, sampleCard, sampleLibraryItem, sampleQuickCard, sampleSdArtwork } from "./examples/artworkSamples.js"
import { samplePost } from "./examples/communitySamples.js"

/** A user's list by uid, page by page (personal center tabs). */
const UserPageQuery = Schema.Struct({ uid: QueryId, ...PageQuery.fields })

const sampleGroup: typeof ArtworkGroup.Encoded = {
  id: 8801,
  name: "国风山水",
  description: "用水墨 Checkpoint 画的山水合集",
  cover: sampleCard.cover,
  artwork_count: 36,
  is_public: true,
  created_at: 1793520000
}

/** Spec §7 "Artworks and groups". Paths are the spec's; payloads the spec leaves unshown are ours. */
export const artworkRoutes = {
  profileList: defineRoute({
    name: "artwork.profileList",
    method: "GET",
    path: "/api/v1/open/artwork/artwork/get_profile_list",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({
      uid: Schema.optional(QueryId).annotations({ description: "absent: the public feed of the inspiration square; set: that user's public works" }),
      type: Schema.optional(ArtworkType),
      category_id: Schema.optional(QueryId),
      cursor: Schema.optional(Cursor),
      size: Schema.optionalWith(QueryInt.pipe(Schema.between(1, 50)), { default: () => 20 })
    }),
    data: CursorPage(ArtworkCard),
    summary: "Artworks, newest first, keyset paging by cursor: without uid the inspiration square (/list), with uid a user's works. Query beyond the path is ours (spec: not shown).",
    example: {
      input: { type: "sd", size: "20" },
      data: { list: [sampleCard, sampleQuickCard], next_cursor: "1795338600.52030" }
    }
  }),
  deleteProfileArtwork: defineRoute({
    name: "artwork.deleteProfileArtwork",
    method: "POST",
    path: "/api/v1/user/profile/artwork/delete",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({ id: Id.annotations({ description: "an own artwork (R11)" }) }),
    data: Schema.Struct({ artwork_id: Id, audit_status: AuditStatus }),
    summary: "Withdraws an own artwork from the personal center and the square; it stays in the library as a draft (payload ours: not shown).",
    example: { input: { id: 52031 }, data: { artwork_id: 52031, audit_status: "draft" } }
  }),
  createGroup: defineRoute({
    name: "artwork.createGroup",
    method: "POST",
    path: "/api/v1/user/create_artwork_group",
    auth: "required",
    encoding: "json",
    input: ArtworkGroupCreate,
    data: ArtworkGroup,
    summary: "Creates an artwork group (作品集) of own artworks; answers the group (payload ours: not shown).",
    example: {
      input: { name: "国风山水", description: "用水墨 Checkpoint 画的山水合集", is_public: true, artwork_ids: [52031, 52030] },
      data: { ...sampleGroup, artwork_count: 2 }
    }
  }),
  updateGroup: defineRoute({
    name: "artwork.updateGroup",
    method: "POST",
    path: "/api/v1/user/update_artwork_group",
    auth: "required",
    encoding: "json",
    input: ArtworkGroupUpdate,
    data: ArtworkGroup,
    summary: "Edits an own group: absent fields stay; artwork_ids replaces the list (payload ours: not shown).",
    example: { input: { id: 8801, name: "国风山水 · 第二季", cover_artwork_id: 52031 }, data: { ...sampleGroup, name: "国风山水 · 第二季" } }
  }),
  deleteGroup: defineRoute({
    name: "artwork.deleteGroup",
    method: "POST",
    path: "/api/v1/user/delete_artwork_group",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({ id: Id }),
    data: SuccessFlag,
    summary: "Deletes an own group; its artworks are kept (payload ours: not shown).",
    example: { input: { id: 8801 }, data: { success: true } }
  }),
  groupDetail: defineRoute({
    name: "artwork.groupDetail",
    method: "GET",
    path: "/api/v1/open/user/get_artwork_group_detail",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ id: QueryId, ...PageQuery.fields }),
    data: Schema.Struct({ group: ArtworkGroup, owner: UserBrief, list: Schema.Array(ArtworkCard), total: Schema.Int.pipe(Schema.nonNegative()) }),
    summary: "A group with its owner and one page of its artworks (/community/group-detail); a private group only for its owner (payload ours: not shown).",
    example: { input: { id: "8801", page: "1", size: "20" }, data: { group: sampleGroup, owner: sampleAuthor, list: [sampleCard], total: 36 } }
  }),
  categoryList: defineRoute({
    name: "artwork.categoryList",
    method: "GET",
    path: "/api/v1/open/user/category/list",
    auth: "none",
    encoding: "query",
    input: Schema.Struct({}),
    data: Schema.Struct({ list: Schema.Array(Category) }),
    summary: "Artwork categories in display order: the square's tabs and the publish form's choices (payload ours: not shown).",
    example: {
      input: {},
      data: { list: [{ id: 1, name: "人像", key: "portrait", sort: 1 }, { id: 2, name: "国风", key: "guofeng", sort: 2 }] }
    }
  }),
  groupList: defineRoute({
    name: "artwork.groupList",
    method: "GET",
    path: "/api/v1/open/user/get_artwork_group_list",
    auth: "optional",
    encoding: "query",
    input: UserPageQuery,
    data: Page(ArtworkGroup),
    summary: "A user's groups, newest first; private ones only when the viewer is that user (payload ours: not shown).",
    example: { input: { uid: "10086", page: "1", size: "20" }, data: { list: [sampleGroup], total: 1 } }
  }),
  userLikes: defineRoute({
    name: "artwork.userLikes",
    method: "GET",
    path: "/api/v1/open/user/get_user_likes",
    auth: "optional",
    encoding: "query",
    input: UserPageQuery,
    data: Page(ArtworkCard),
    summary: "Artworks a user liked, newest like first; empty for others when the user hides likes (show_likes) (payload ours: not shown).",
    example: { input: { uid: "10086", page: "1", size: "20" }, data: { list: [sampleQuickCard], total: 1 } }
  }),
  postList: defineRoute({
    name: "artwork.postList",
    method: "GET",
    path: "/api/v1/open/user/get_post_list",
    auth: "optional",
    encoding: "query",
    input: UserPageQuery,
    data: Page(Post),
    summary: "A user's community posts, newest first (personal center 动态 tab) (payload ours: not shown).",
    example: { input: { uid: "20233", page: "1", size: "20" }, data: { list: [samplePost], total: 1 } }
  }),
  info: defineRoute({
    name: "artwork.info",
    method: "GET",
    path: "/api/v2/open/artwork/info",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ id: QueryId }),
    data: Artwork,
    summary: "One artwork for the detail dialog, with the viewer's flags (all false for a visitor); counts one view.",
    example: { input: { id: "52031" }, data: sampleSdArtwork }
  }),
  modelInfo: defineRoute({
    name: "artwork.modelInfo",
    method: "GET",
    path: "/api/v1/open/artwork/models/info",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({
      name: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)).annotations({ description: "the chip's model name" }),
      type: SdModelType
    }),
    data: SdModelInfo,
    summary: "The card of an SD model a chip of the artwork dialog names (payload ours: not shown).",
    example: {
      input: { name: "国风水墨 v3", type: "Checkpoint" },
      data: {
        id: 3101,
        type: "Checkpoint",
        name: "国风水墨 v3",
        cover: `${CDN}/model/3101.png`,
        description: "水墨风格底模，适合山水与古风人像。",
        base_model: "SD 1.5",
        files: [{ name: "guofeng_ink_v3.safetensors", size: 2132625408 }],
        tags: ["国风", "水墨"],
        use_count: 15230,
        is_added: false
      }
    }
  }),
  addSdModel: defineRoute({
    name: "artwork.addSdModel",
    method: "POST",
    path: "/api/v1/sd/models/add",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({ model_id: Id }),
    data: SuccessFlag,
    summary: "Adds a model to the viewer's online SD (/webui) model list; adding twice is harmless (payload ours: not shown).",
    example: { input: { model_id: 3101 }, data: { success: true } }
  }),
  libraryList: defineRoute({
    name: "artwork.libraryList",
    method: "GET",
    path: "/api/v2/artwork/list",
    auth: "required",
    encoding: "query",
    input: Schema.Struct({ type: Schema.optional(ArtworkType), audit_status: Schema.optional(AuditStatus), ...PageQuery.fields }),
    data: Page(LibraryArtwork),
    summary: "The viewer's own artworks, newest first, published or not (/property) (payload ours: not shown).",
    example: { input: { type: "sd", page: "1", size: "30" }, data: { list: [sampleLibraryItem], total: 1 } }
  }),
  types: defineRoute({
    name: "artwork.types",
    method: "GET",
    path: "/api/v2/artwork/types",
    auth: "required",
    encoding: "query",
    input: Schema.Struct({}),
    data: Schema.Struct({ list: Schema.Array(ArtworkTypeTab) }),
    summary: "The library's type tabs with the viewer's count in each (payload ours: not shown).",
    example: {
      input: {},
      data: {
        list: [
          { type: "quick", name: "快捷绘画", count: 120 },
          { type: "quick_mj", name: "MJ 模型", count: 64 },
          { type: "sd", name: "在线 SD", count: 31 },
          { type: "agent", name: "智能助手", count: 8 }
        ]
      }
    }
  }),
  deleteArtworks: defineRoute({
    name: "artwork.deleteArtworks",
    method: "POST",
    path: "/api/v2/artwork/delete",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({ ids: IdBatch(Id, 100) }),
    data: Schema.Struct({ deleted: Schema.Int.pipe(Schema.nonNegative()).annotations({ description: "how many of ids were the viewer's and are gone" }) }),
    summary: "Deletes own artworks from the library for good, up to 100 at once; others' ids are skipped (R11) (payload ours: not shown).",
    example: { input: { ids: [60112, 60113] }, data: { deleted: 2 } }
  }),
  auditSubmit: defineRoute({
    name: "artwork.auditSubmit",
    method: "POST",
    path: "/api/v1/artwork/audit/submit",
    auth: "required",
    encoding: "json",
    input: ArtworkAuditSubmit,
    data: Schema.Struct({ artwork_id: Id, audit_status: AuditStatus }),
    summary: "Asks to publish an own artwork to the square with a title and category; it goes to review (payload ours: not shown).",
    example: { input: { artwork_id: 60112, title: "雪夜江南", category_id: 2, is_public: true }, data: { artwork_id: 60112, audit_status: "pending" } }
  }),
  upload: defineRoute({
    name: "artwork.upload",
    method: "POST",
    path: "/api/v2/artwork/upload",
    auth: "required",
    encoding: "json",
    input: ArtworkUpload,
    data: LibraryArtwork,
    summary: "Saves an image drawn on /webui (already in storage) with its SD settings into the library as a draft (payload ours: not shown).",
    example: {
      input: {
        type: "sd",
        url: `${CDN}/upload/u10086/20261122/183000_k3f9.png`,
        title: "雪夜江南",
        parameters: {
          prompt: "snowy night, jiangnan town, red lanterns, stone bridge",
          negative_prompt: "lowres, watermark",
          models: [{ type: "Checkpoint", name: "国风水墨 v3", files: [{ name: "guofeng_ink_v3.safetensors" }] }],
          args: [{ key: "steps", title: "Steps", value: 28 }, { key: "seed", title: "Seed", value: 42 }]
        }
      },
      data: { ...sampleLibraryItem, title: "雪夜江南" }
    }
  })
} as const
