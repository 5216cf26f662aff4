import { Context, Data, Effect } from "effect"
import type { CallError } from "../api/ApiErrors.js"
import type { Artwork, ArtworkType } from "../api/schemas/Artwork.js"
import type { ArtworkCard } from "../api/schemas/ArtworkCard.js"
import type { SdModelType } from "../api/schemas/ArtworkParameters.js"
import type { SdModelInfo } from "../api/schemas/SdModelInfo.js"
import type { DeferredMembers } from "./deferredService.js"

/** Spec §5: the artwork dialog opened without an id shows this, verbatim ("please pass the artwork id"). */
export const ARTWORK_ID_MISSING_TEXT = "请传入作品ID"

/** The dialog was opened without a usable id (absent, 0, negative, not a whole number): nothing is asked. */
export class ArtworkIdMissing extends Data.TaggedError("ArtworkIdMissing")<{ readonly message: string }> {}

/** The viewer is the author (spec §6: the follow button is hidden); no call is made. */
export class CannotFollowSelf extends Data.TaggedError("CannotFollowSelf")<{ readonly message: string }> {}

/** Code 0 but data.success false (spec §5): the server did not change the follow, so nothing changes. */
export class FollowNotApplied extends Data.TaggedError("FollowNotApplied")<{ readonly message: string }> {}

/** A positive whole id from a number or the digits of a route parameter; anything else is none (ArtworkIdMissing). */
export const readArtworkId = (id: number | string | null | undefined): number | undefined => {
  const value = typeof id === "string" ? (/^\s*\d+\s*$/.test(id) ? Number(id) : Number.NaN) : id ?? Number.NaN
  return Number.isSafeInteger(value) && value > 0 ? value : undefined
}

/** The refusal of an id readArtworkId gives none for. */
export const artworkIdMissing = () => new ArtworkIdMissing({ message: ARTWORK_ID_MISSING_TEXT })

/** What like needs of an artwork (detail or feed card): its id, the heart and the count. */
export interface LikeTarget {
  readonly id: number
  readonly is_like: boolean
  readonly stat: { readonly like_count: number }
}

/** What follow needs of an artwork: the author, the flags and the author's follower count. */
export interface FollowTarget {
  readonly user_uid: number
  readonly is_follow: boolean
  readonly is_owner: boolean
  readonly user_stat: { readonly follower_count: number }
}

/**
 * The artwork after an action, for a store to apply as it is: Changed with the next state, or
 * Unchanged with the very artwork it was given and the reason (for the error toast, spec §8).
 */
export type ArtworkUpdate<A, E> =
  | { readonly _tag: "Changed"; readonly artwork: A }
  | { readonly _tag: "Unchanged"; readonly artwork: A; readonly error: E }

export type FollowError = CallError | CannotFollowSelf | FollowNotApplied

/** The inspiration square's sort: 最新 (newest first) or 最热 (most liked first). */
export type FeedSort = "latest" | "hot"

/** One page of the square: a type (absent: 全部), the sort, and the server's cursor (absent: the first page). */
export interface FeedQuery {
  readonly type?: ArtworkType | undefined
  readonly sort: FeedSort
  readonly cursor?: string | undefined
  readonly size: number
}

/** A page of cards and where the next one starts (absent: this was the last). */
export interface FeedPage {
  readonly list: ReadonlyArray<ArtworkCard>
  readonly next_cursor?: string | undefined
}

export interface ArtworksShape {
  /** GET /api/v2/open/artwork/info; without a usable id fails with 请传入作品ID and asks nothing. */
  readonly info: (id: number | string | null | undefined) => Effect.Effect<Artwork, ArtworkIdMissing | CallError>
  /**
   * POST /api/v1/user/like for the other state. Only on code 0 does the heart change; it then shows
   * the server's is_like and like_count (normally the toggle and ±1). Never fails: see ArtworkUpdate.
   */
  readonly like: <A extends LikeTarget>(artwork: A) => Effect.Effect<ArtworkUpdate<A, CallError>>
  /**
   * POST /api/v1/user/follow for the author. Only on code 0 with data.success true does is_follow
   * toggle and the follower count move by one. The owner gets CannotFollowSelf without a call.
   */
  readonly follow: <A extends FollowTarget>(artwork: A) => Effect.Effect<ArtworkUpdate<A, FollowError>>
  /**
   * POST /api/v1/user/collect (login required): 收藏 (`collected` true) or 取消收藏; answers the
   * server's state and the artwork's favorite_count, which the detail shows over its optimistic guess.
   */
  readonly collect: (artworkId: number, collected: boolean) => Effect.Effect<{ readonly is_collected: boolean; readonly favorite_count: number }, CallError>
  /** GET /api/v1/open/artwork/artwork/get_profile_list without uid: the square, keyset paged. */
  readonly feed: (query: FeedQuery) => Effect.Effect<FeedPage, CallError>
  /** GET /api/v1/open/artwork/models/info: the card a model chip of the dialog opens (is_added false for a visitor). */
  readonly modelInfo: (model: { readonly name: string; readonly type: SdModelType }) => Effect.Effect<SdModelInfo, CallError>
  /** POST /api/v1/sd/models/add (login required): the model joins the viewer's /webui list; twice is harmless. */
  readonly addModel: (modelId: number) => Effect.Effect<void, CallError>
  /** GET /api/v1/sd/models/mine (login required): the viewer's /webui model list, last added first. */
  readonly myModels: () => Effect.Effect<ReadonlyArray<SdModelInfo>, CallError>
}

export class Artworks extends Context.Tag("@mido/core/Artworks")<Artworks, ArtworksShape>() {}

/**
 * Artworks' code (artwork routes and schemas, like and follow) is fetched on first use
 * (deferredServices.ts). Info without a usable id fails at once (nothing is fetched, not even the
 * code). Same style is the domain rule `sameStyle` (SD1–SD3), not a member: its code (and the
 * infotext's) stays out of the web app's first load. When the code cannot be fetched (offline), info
 * fails with the NetworkError of onFirstUse; like and follow give it as the Unchanged reason (the
 * heart and the follow stay as they were, the error toast says why).
 */
export const artworksMembers: DeferredMembers<ArtworksShape> = {
  info: {
    custom: (implementation) => (id) =>
      readArtworkId(id) === undefined ? Effect.fail(artworkIdMissing()) : Effect.flatMap(implementation, (artworks) => artworks.info(id))
  },
  feed: "call",
  like: { offline: (error, artwork) => Effect.succeed({ _tag: "Unchanged", artwork, error }) },
  follow: { offline: (error, artwork) => Effect.succeed({ _tag: "Unchanged", artwork, error }) },
  collect: "call",
  modelInfo: "call",
  addModel: "call",
  myModels: "call"
}
