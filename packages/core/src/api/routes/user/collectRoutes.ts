import { defineRoute } from "../../Route.js"
import { ArtworkCard } from "../../schemas/ArtworkCard.js"
import { CollectBatchPayload, CollectBatchResult, CollectListQuery, CollectPayload, CollectResult } from "../../schemas/Collect.js"
import { Page } from "../../schemas/common.js"
import { LikePayload, LikeResult } from "../../schemas/Like.js"

/** Collecting (收藏) and liking artworks: the caller's marks on other people's work. */
export const collectRoutes = {
  collectList: defineRoute({
    name: "user.collectList",
    method: "GET",
    path: "/api/v1/user/collect/list",
    auth: "required",
    encoding: "query",
    input: CollectListQuery,
    data: Page(ArtworkCard),
    summary: "Artworks collected (收藏) by the caller or by uid, newest first; others' hidden collections are empty (payload ours: spec says only \"params\")."
  }),
  collect: defineRoute({
    name: "user.collect",
    method: "POST",
    path: "/api/v1/user/collect",
    auth: "required",
    encoding: "json",
    input: CollectPayload,
    data: CollectResult,
    summary: "Collects or uncollects an artwork (toggles without action); answers the new state and count (payload ours: not shown)."
  }),
  collectBatch: defineRoute({
    name: "user.collectBatch",
    method: "POST",
    path: "/api/v1/user/collect/batch",
    auth: "required",
    encoding: "json",
    input: CollectBatchPayload,
    data: CollectBatchResult,
    summary: "Collects or uncollects up to 100 artworks at once (asset library); skips ones already so (payload ours: not shown)."
  }),
  like: defineRoute({
    name: "user.like",
    method: "POST",
    path: "/api/v1/user/like",
    auth: "required",
    encoding: "json",
    input: LikePayload,
    data: LikeResult,
    summary: "Likes or unlikes an artwork (toggles without action); answers the new state and count, which the heart follows only on code 0."
  })
} as const
