import { Schema } from "effect"
import { defineRoute } from "../Route.js"
import { Artwork, ArtworkType } from "../schemas/Artwork.js"
import { ArtworkCard } from "../schemas/ArtworkCard.js"
import { ArtworkGroup, ArtworkGroupCreate, ArtworkGroupUpdate } from "../schemas/ArtworkGroup.js"
import { ArtworkAuditSubmit } from "../schemas/ArtworkUpload.js"
import { SdModelType } from "../schemas/ArtworkParameters.js"
import { Category } from "../schemas/Category.js"
import { CursorPage, Id, Page, PageQuery, QueryId, QueryInt, SuccessFlag } from "../schemas/common.js"
import { AuditStatus } from "../schemas/LibraryArtwork.js"
import { Post } from "../schemas/Post.js"
import { libraryRoutes } from "./artwork/libraryRoutes.js"
import { SdModelInfo } from "../schemas/SdModelInfo.js"
import { groupMoveRoutes } from "./artwork/groupMoveRoutes.js"
import { Cursor } from "../schemas/textFields.js"
import { UserBrief } from "../schemas/UserBrief.js"

/** The square's sort (最新 / 最热): newest first, or most liked first. */
export const FeedSort = Schema.Literal("latest", "hot").annotations({ description: "latest: newest first (default); hot: most liked first" })

/** A user's list by uid, page by page (personal center tabs). */
const UserPageQuery = Schema.Struct({ uid: QueryId, ...PageQuery.fields })

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
      sort: Schema.optional(FeedSort),
      cursor: Schema.optional(Cursor),
      size: Schema.optionalWith(QueryInt.pipe(Schema.between(1, 50)), { default: () => 20 })
    }),
    data: CursorPage(ArtworkCard),
    summary: "Artworks, newest (sort=latest) or most liked first (sort=hot), keyset paging by cursor (a cursor belongs to its sort): without uid the inspiration square (/list), with uid a user's works. Query beyond the path is ours (spec: not shown)."
  }),
  deleteProfileArtwork: defineRoute({
    name: "artwork.deleteProfileArtwork",
    method: "POST",
    path: "/api/v1/user/profile/artwork/delete",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({ id: Id.annotations({ description: "an own artwork (R11)" }) }),
    data: Schema.Struct({ artwork_id: Id, audit_status: AuditStatus }),
    summary: "Withdraws an own artwork from the personal center and the square; it stays in the library as a draft (payload ours: not shown)."
  }),
  createGroup: defineRoute({
    name: "artwork.createGroup",
    method: "POST",
    path: "/api/v1/user/create_artwork_group",
    auth: "required",
    encoding: "json",
    input: ArtworkGroupCreate,
    data: ArtworkGroup,
    summary: "Creates an artwork group (作品集) of own artworks; answers the group (payload ours: not shown)."
  }),
  updateGroup: defineRoute({
    name: "artwork.updateGroup",
    method: "POST",
    path: "/api/v1/user/update_artwork_group",
    auth: "required",
    encoding: "json",
    input: ArtworkGroupUpdate,
    data: ArtworkGroup,
    summary: "Edits an own group: absent fields stay; artwork_ids replaces the list (payload ours: not shown)."
  }),
  deleteGroup: defineRoute({
    name: "artwork.deleteGroup",
    method: "POST",
    path: "/api/v1/user/delete_artwork_group",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({ id: Id }),
    data: SuccessFlag,
    summary: "Deletes an own group; its artworks are kept (payload ours: not shown)."
  }),
  addToGroup: groupMoveRoutes.addToGroup,
  groupDetail: defineRoute({
    name: "artwork.groupDetail",
    method: "GET",
    path: "/api/v1/open/user/get_artwork_group_detail",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ id: QueryId, ...PageQuery.fields }),
    data: Schema.Struct({ group: ArtworkGroup, owner: UserBrief, list: Schema.Array(ArtworkCard), total: Schema.Int.pipe(Schema.nonNegative()) }),
    summary: "A group with its owner and one page of its artworks (/community/group-detail); a private group only for its owner (payload ours: not shown)."
  }),
  categoryList: defineRoute({
    name: "artwork.categoryList",
    method: "GET",
    path: "/api/v1/open/user/category/list",
    auth: "none",
    encoding: "query",
    input: Schema.Struct({}),
    data: Schema.Struct({ list: Schema.Array(Category) }),
    summary: "Artwork categories in display order: the square's tabs and the publish form's choices (payload ours: not shown)."
  }),
  groupList: defineRoute({
    name: "artwork.groupList",
    method: "GET",
    path: "/api/v1/open/user/get_artwork_group_list",
    auth: "optional",
    encoding: "query",
    input: UserPageQuery,
    data: Page(ArtworkGroup),
    summary: "A user's groups, newest first; private ones only when the viewer is that user (payload ours: not shown)."
  }),
  userLikes: defineRoute({
    name: "artwork.userLikes",
    method: "GET",
    path: "/api/v1/open/user/get_user_likes",
    auth: "optional",
    encoding: "query",
    input: UserPageQuery,
    data: Page(ArtworkCard),
    summary: "Artworks a user liked, newest like first; empty for others when the user hides likes (show_likes) (payload ours: not shown)."
  }),
  postList: defineRoute({
    name: "artwork.postList",
    method: "GET",
    path: "/api/v1/open/user/get_post_list",
    auth: "optional",
    encoding: "query",
    input: UserPageQuery,
    data: Page(Post),
    summary: "A user's community posts, newest first (personal center 动态 tab) (payload ours: not shown)."
  }),
  info: defineRoute({
    name: "artwork.info",
    method: "GET",
    path: "/api/v2/open/artwork/info",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ id: QueryId }),
    data: Artwork,
    summary: "One artwork for the detail dialog, with the viewer's flags (all false for a visitor); counts one view."
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
    summary: "The card of an SD model a chip of the artwork dialog names (payload ours: not shown)."
  }),
  addSdModel: defineRoute({
    name: "artwork.addSdModel",
    method: "POST",
    path: "/api/v1/sd/models/add",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({ model_id: Id }),
    data: SuccessFlag,
    summary: "Adds a model to the viewer's online SD (/webui) model list; adding twice is harmless (payload ours: not shown)."
  }),
  mySdModels: defineRoute({
    name: "artwork.mySdModels",
    method: "GET",
    path: "/api/v1/sd/models/mine",
    auth: "required",
    encoding: "query",
    input: Schema.Struct({}),
    data: Schema.Array(SdModelInfo),
    summary: "The viewer's online SD (/webui) model list, the models added with 添加到我的模型, last added first (payload ours: not shown)."
  }),
  libraryList: libraryRoutes.libraryList,
  types: libraryRoutes.types,
  deleteArtworks: libraryRoutes.deleteArtworks,
  auditSubmit: defineRoute({
    name: "artwork.auditSubmit",
    method: "POST",
    path: "/api/v1/artwork/audit/submit",
    auth: "required",
    encoding: "json",
    input: ArtworkAuditSubmit,
    data: Schema.Struct({ artwork_id: Id, audit_status: AuditStatus }),
    summary: "Asks to publish an own artwork to the square with a title and category; it goes to review (payload ours: not shown)."
  }),
  upload: libraryRoutes.upload
} as const
