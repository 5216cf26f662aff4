import { type ArtworkCard, Artworks, type ArtworkType, type FeedPage, type FeedSort, formatCount, formatRelativeTime } from "@mido/core"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { LikeChange, LikeChannel } from "../LikeChannel.js"
import type { Page, PageRequest } from "../paging/Page.js"
import { PagedList } from "../paging/PagedList.js"
import { pagesFromCore } from "../paging/pagesFromCore.js"
import type { RootStore } from "../RootStore.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { SessionStore } from "../SessionStore.js"
import type { Store } from "../Store.js"
import { type MasonryLayout, masonryLayout } from "./masonryLayout.js"

/** A card of the square as the server gives it. */
export type SquareArtwork = ArtworkCard

/** The square's filter: a type (undefined: 全部) and a sort. */
export interface SquareParams {
  readonly type: ArtworkType | undefined
  readonly sort: FeedSort
}

/** The type tabs, in the order the square shows them (the core's artwork types, spec §3). */
export const SQUARE_TYPE_TABS: ReadonlyArray<{ readonly label: string; readonly type: ArtworkType | undefined }> = [
  { label: "全部", type: undefined },
  { label: "AI绘画", type: "quick" },
  { label: "MJ", type: "quick_mj" },
  { label: "在线SD", type: "sd" },
  { label: "智能助手", type: "agent" }
]

export const SQUARE_SORT_TABS: ReadonlyArray<{ readonly label: string; readonly sort: FeedSort }> = [
  { label: "最新", sort: "latest" },
  { label: "最热", sort: "hot" }
]

export const SQUARE_PAGE_SIZE = 30

const FIRST_PARAMS: SquareParams = { type: undefined, sort: "latest" }

/** What a like leaves on a card until its list is loaded again. */
interface LikeState {
  readonly is_like: boolean
  readonly like_count: number
}

/**
 * The inspiration square (/list): the public feed as a PagedList over the server's keyset cursor
 * (30 a page), its type and sort filter (a change starts the list over), the likes given on its
 * cards, and the masonry the page lays the cards out in. Components read display text from here
 * (counts in k, relative times), not from the core.
 */
export class SquareStore implements Store {
  readonly list: PagedList<ArtworkCard, string, SquareParams>
  /** Likes given since the cards were loaded (here, or in the detail dialog through the LikeChannel), by artwork id. */
  likes = observable.map<number, LikeState>()
  /** Ids whose like call is on its way (a second click waits). */
  liking = observable.set<number>()

  readonly #runner: ServiceRunner
  readonly #session: SessionStore
  readonly #likeChannel: LikeChannel | undefined
  readonly #stopFollowingLikes: () => void
  /** A visitor's first page that came with the HTML, taken once instead of asking the server. */
  #inlinedFirstPage: Page<ArtworkCard, string> | undefined

  /** `likeChannel`: likes given elsewhere (the detail dialog) move the cards here, and ours go there. */
  constructor(runner: ServiceRunner, session: SessionStore, likeChannel?: LikeChannel) {
    this.#runner = runner
    this.#session = session
    this.#likeChannel = likeChannel
    this.#stopFollowingLikes = likeChannel?.subscribe((change) => this.#likedElsewhere(change)) ?? (() => undefined)
    const fromServer = pagesFromCore(runner, ({ cursor, params }: PageRequest<string, SquareParams>) =>
      Effect.map(
        Effect.flatMap(Artworks, (artworks) => artworks.feed({ type: params.type, sort: params.sort, cursor, size: SQUARE_PAGE_SIZE })),
        (page) => ({ items: page.list, next: page.next_cursor ?? null })
      ))
    this.list = new PagedList({
      params: FIRST_PARAMS,
      keyOf: (card) => card.id,
      fetchPage: (request) => {
        const inlined = this.#takeInlinedFirstPage(request)
        return inlined === undefined ? fromServer(request) : Promise.resolve(inlined)
      }
    })
    makeAutoObservable(this, { list: false, likes: false, liking: false }, { autoBind: true })
  }

  /**
   * Offers the visitor's first page the landing page's HTML carried (ADR 0028; the page reads it out
   * of the HTML). It is taken once, by the first load of 全部 · 最新 of a visitor; a logged-in
   * viewer's page carries their likes, so they ask the server as before.
   */
  offerFirstPage(page: FeedPage): void {
    this.#inlinedFirstPage = { items: page.list, next: page.next_cursor ?? null }
  }

  #takeInlinedFirstPage({ cursor, params }: PageRequest<string, SquareParams>): Page<ArtworkCard, string> | undefined {
    const page = this.#inlinedFirstPage
    this.#inlinedFirstPage = undefined
    const first = cursor === undefined && params.type === FIRST_PARAMS.type && params.sort === FIRST_PARAMS.sort
    return first && !this.#session.isLoggedIn ? page : undefined
  }

  get params(): SquareParams {
    return this.list.params
  }

  selectType(type: ArtworkType | undefined): Promise<void> {
    return type === this.params.type ? Promise.resolve() : this.#restart({ ...this.params, type })
  }

  selectSort(sort: FeedSort): Promise<void> {
    return sort === this.params.sort ? Promise.resolve() : this.#restart({ ...this.params, sort })
  }

  #restart(params: SquareParams): Promise<void> {
    this.likes.clear()
    return this.list.setParams(params)
  }

  /** The card as shown: with the like given here since it loaded. */
  liked(card: ArtworkCard): LikeState {
    return this.likes.get(card.id) ?? { is_like: card.is_like, like_count: card.stat.like_count }
  }

  /**
   * Likes or unlikes a card (the core's Artworks.like: the heart changes only on code 0, spec §5).
   * A visitor gets "login" and nothing is sent: the page asks them to log in.
   */
  async toggleLike(card: ArtworkCard): Promise<"login" | "done"> {
    if (!this.#session.isLoggedIn) return "login"
    if (this.liking.has(card.id)) return "done"
    const shown = this.liked(card)
    const target = { ...card, is_like: shown.is_like, stat: { ...card.stat, like_count: shown.like_count } }
    runInAction(() => this.liking.add(card.id))
    const update = await this.#runner.exit(Effect.flatMap(Artworks, (artworks) => artworks.like(target)))
    runInAction(() => {
      this.liking.delete(card.id)
      if (update._tag !== "Success") return
      if (update.value._tag === "Unchanged") {
        this.#runner.report(update.value.error)
        return
      }
      const { is_like, stat } = update.value.artwork
      this.likes.set(card.id, { is_like, like_count: stat.like_count })
      this.#likeChannel?.publish({ artworkId: card.id, is_like, like_count: stat.like_count })
    })
    return "done"
  }

  /** A like given elsewhere: a loaded card shows it until the list loads again. */
  #likedElsewhere({ artworkId, is_like, like_count }: LikeChange): void {
    if (!this.list.items.some((card) => card.id === artworkId)) return
    runInAction(() => this.likes.set(artworkId, { is_like, like_count }))
  }

  /** FM3: a count as cards show it (1.5k). */
  countText(count: number): string {
    return formatCount(count)
  }

  /** FM1–FM2: how long ago a card was published (created_at in seconds). */
  timeText(createdAtSeconds: number, now: number = Date.now()): string {
    return formatRelativeTime(createdAtSeconds * 1000, now)
  }

  /** The masonry of the loaded cards in a content `width` px wide (FM5 card ratios). */
  layout(width: number): MasonryLayout {
    return masonryLayout(this.list.items, width)
  }

  /** R9: the cards carry the viewer's likes; a new user loads them again. */
  reset(): void {
    this.list.reset()
    this.likes.clear()
    this.liking.clear()
  }

  dispose(): void {
    this.#stopFollowingLikes()
  }
}

/** The square over the root's runner, session and like channel (`RootStore.pageStore`, `useSquareStore`). */
export const makeSquareStore = (root: RootStore): SquareStore => new SquareStore(root.runner, root.session, root.likes)
