import { Effect } from "effect"
import type { CallError } from "../api/ApiErrors.js"
import { artworkRoutes } from "../api/routes/artworkRoutes.js"
import type { SdModelType } from "../api/schemas/ArtworkParameters.js"
import { collectRoutes } from "../api/routes/user/collectRoutes.js"
import { socialRoutes } from "../api/routes/user/socialRoutes.js"
import type { ApiClientShape } from "./ApiClient.js"
import {
  artworkIdMissing,
  type ArtworksShape,
  type ArtworkUpdate,
  CannotFollowSelf,
  type FeedQuery,
  type FollowError,
  FollowNotApplied,
  type FollowTarget,
  type LikeTarget,
  readArtworkId
} from "./Artworks.js"

/** What Artworks works with; ArtworksLive reads it from the context when the app starts. */
export interface ArtworksDependencies {
  readonly api: ApiClientShape
}

const unchangedArtwork = <A, E>(artwork: A) => (error: E): ArtworkUpdate<A, E> => ({ _tag: "Unchanged", artwork, error })

/**
 * Artworks' implementation (see ArtworksShape): loaded on first use by ArtworksLive, so the artwork
 * routes and their schemas stay out of the web app's first load.
 */
export const makeArtworks = ({ api }: ArtworksDependencies): ArtworksShape => {
  const info = (id: number | string | null | undefined) => {
    const artworkId = readArtworkId(id)
    return artworkId === undefined
      ? Effect.fail(artworkIdMissing())
      : api.call(artworkRoutes.info, { id: artworkId })
  }

  const like = <A extends LikeTarget>(artwork: A): Effect.Effect<ArtworkUpdate<A, CallError>> =>
    api.call(collectRoutes.like, { target_id: artwork.id, target_type: "artwork", action: artwork.is_like ? "unlike" : "like" }).pipe(
      Effect.map((result): ArtworkUpdate<A, CallError> => ({
        _tag: "Changed",
        artwork: { ...artwork, is_like: result.is_like, stat: { ...artwork.stat, like_count: result.like_count } }
      })),
      Effect.catchAll((error) => Effect.succeed(unchangedArtwork<A, CallError>(artwork)(error)))
    )

  const follow = <A extends FollowTarget>(artwork: A): Effect.Effect<ArtworkUpdate<A, FollowError>> => {
    if (artwork.is_owner) return Effect.succeed(unchangedArtwork<A, FollowError>(artwork)(new CannotFollowSelf({ message: "不能关注自己" })))
    const following = !artwork.is_follow
    return api.call(socialRoutes.follow, { uid: artwork.user_uid, action: following ? "follow" : "unfollow" }).pipe(
      Effect.map((result): ArtworkUpdate<A, FollowError> => {
        if (!result.success) return unchangedArtwork<A, FollowError>(artwork)(new FollowNotApplied({ message: following ? "关注失败，请稍后重试" : "取消关注失败，请稍后重试" }))
        const followers = artwork.user_stat.follower_count + (following ? 1 : -1)
        return {
          _tag: "Changed",
          artwork: { ...artwork, is_follow: following, user_stat: { ...artwork.user_stat, follower_count: Math.max(0, followers) } }
        }
      }),
      Effect.catchAll((error) => Effect.succeed(unchangedArtwork<A, FollowError>(artwork)(error)))
    )
  }

  const modelInfo = (model: { readonly name: string; readonly type: SdModelType }) =>
    api.call(artworkRoutes.modelInfo, { name: model.name, type: model.type })

  const addModel = (modelId: number) => Effect.asVoid(api.call(artworkRoutes.addSdModel, { model_id: modelId }))

  const feed = ({ type, sort, cursor, size }: FeedQuery) =>
    api.call(artworkRoutes.profileList, { size, sort, ...(type === undefined ? {} : { type }), ...(cursor === undefined ? {} : { cursor }) })

  const collect = (artworkId: number, collected: boolean) =>
    api.call(collectRoutes.collect, { target_id: artworkId, target_type: "artwork", action: collected ? "collect" : "uncollect" })

  const myModels = () => api.call(artworkRoutes.mySdModels, {})
  return { info, feed, like, follow, collect, modelInfo, addModel, myModels }
}
