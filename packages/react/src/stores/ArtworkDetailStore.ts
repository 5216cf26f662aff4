import {
  type Artwork,
  ARTWORK_ID_MISSING_TEXT,
  Artworks,
  formatCount,
  formatRelativeTime,
  readArtworkId,
  type SdModelInfo,
  type SdModelType
} from "@mido/core"
import { type AgentContinuation, agentContinuation, detailTypeLabel, sameStyle, toolNameOf } from "@mido/core/generation"
import { Cause, Effect, Exit, Option } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { errorText, GENERIC_ERROR_TEXT } from "./errorPolicy.js"
import { LatestOnly } from "./paging/LatestOnly.js"
import type { CollectChannel } from "./CollectChannel.js"
import type { LikeChange, LikeChannel } from "./LikeChannel.js"
import type { ServiceRunner } from "./ServiceRunner.js"
import type { SessionStore } from "./SessionStore.js"
import type { Store } from "./Store.js"
import type { ToastStore } from "./ToastStore.js"
import type { WorkStore } from "./WorkStore.js"

/** Spec §4: the heart beats for about 400 ms after a like. */
export const HEARTBEAT_MS = 400

/** Ours (spec §7 names the call, not its toast): a model joined the viewer's /webui list. */
export const MODEL_ADDED_TEXT = "已添加到我的模型"

/** closed: nothing asked; missing: no usable id (请传入作品ID, spec §5); failed: the server refused. */
export type ArtworkDetailStatus = "closed" | "loading" | "ready" | "missing" | "failed"

/** The card a model chip opened (GET /api/v1/open/artwork/models/info). */
export interface ModelCard {
  readonly name: string
  readonly type: SdModelType
  readonly info: SdModelInfo | null
  readonly status: "loading" | "ready" | "failed"
  readonly adding: boolean
}

/**
 * The artwork detail (spec §2 artwork dialog, the /work-detail/{id} page): one artwork at a time,
 * its like and follow (spec §4; the state changes only on code 0, follow also needs data.success:
 * the core's Artworks decides), same-style (SD1–SD3) and the model cards of its chips. A visitor who
 * likes, follows or adds a model gets `loginPrompt` instead of a call; the app shows the login dialog
 * and carries the address (with ?artwork=) as the return address.
 */
export class ArtworkDetailStore implements Store {
  artworkId: number | undefined = undefined
  artwork: Artwork | null = null
  status: ArtworkDetailStatus = "closed"
  errorText = ""
  liking = false
  following = false
  collecting = false
  /** True for HEARTBEAT_MS after a like went through: the heart's animation. */
  heartbeat = false
  /** A visitor asked for something that needs an account: the app shows the login prompt. */
  loginPrompt = false
  model: ModelCard | null = null

  readonly #runner: ServiceRunner
  readonly #session: SessionStore
  readonly #work: WorkStore
  readonly #toasts: ToastStore
  readonly #openings = new LatestOnly()
  readonly #models = new LatestOnly()
  readonly #likeChannel: LikeChannel | undefined
  readonly #collectChannel: CollectChannel | undefined
  readonly #stopFollowingLikes: () => void
  #heartbeatTimer: ReturnType<typeof setTimeout> | undefined

  /** `likeChannel`: likes given here move the cards elsewhere (the square), and theirs move this one. */
  constructor(runner: ServiceRunner, session: SessionStore, work: WorkStore, toasts: ToastStore, likeChannel?: LikeChannel, collectChannel?: CollectChannel) {
    this.#collectChannel = collectChannel
    this.#runner = runner
    this.#session = session
    this.#work = work
    this.#toasts = toasts
    this.#likeChannel = likeChannel
    this.#stopFollowingLikes = likeChannel?.subscribe((change) => this.#likedElsewhere(change)) ?? (() => undefined)
    makeAutoObservable(this, { artwork: observable.ref, model: observable.ref }, { autoBind: true })
  }

  get isOpen(): boolean {
    return this.status !== "closed"
  }

  /** Spec §2: the follow button is hidden on one's own artwork. */
  get canFollow(): boolean {
    return this.artwork !== null && !this.artwork.is_owner
  }

  /** Spec §2: the same-style button is hidden for agent artworks (SD2). */
  get canSameStyle(): boolean {
    return this.artwork !== null && this.artwork.type !== "agent"
  }

  /** SD12: where an assistant's drawing can be continued (its prompt on /intelligent or /webui); null otherwise. */
  get continuation(): AgentContinuation | null {
    return this.artwork?.type === "agent" ? agentContinuation(this.artwork.parameters) : null
  }

  /** LB4: the type label: 上传, 工具 · 高清修复, or the drawing type (在线 SD…); "" before it loads. */
  get typeLabel(): string {
    const artwork = this.artwork
    if (artwork === null) return ""
    return detailTypeLabel(artwork.type, artwork.origin, artwork.type === "sd" ? toolNameOf(artwork.parameters.args) : undefined)
  }

  /** The publish time as the feed shows it (FM1–FM2), against `now` (epoch ms). */
  publishedText(now: number): string {
    return this.artwork === null ? "" : formatRelativeTime(this.artwork.created_at * 1000, now)
  }

  /** Counts above 1000 use k (spec §5). */
  countText(count: number): string {
    return formatCount(count)
  }

  /** Shows the artwork `id` (a number or a route's text); without a usable id the error 请传入作品ID. */
  async open(id: number | string | null | undefined): Promise<void> {
    const artworkId = readArtworkId(id)
    const opening = this.#openings.begin()
    this.#clear()
    this.artworkId = artworkId
    if (artworkId === undefined) {
      this.status = "missing"
      this.errorText = ARTWORK_ID_MISSING_TEXT
      return
    }
    this.status = "loading"
    const exit = await this.#runner.exit(Effect.flatMap(Artworks, (artworks) => artworks.info(artworkId)))
    if (!opening.current) return
    runInAction(() => {
      if (Exit.isSuccess(exit)) {
        this.artwork = exit.value
        this.status = "ready"
        return
      }
      if (Cause.isInterruptedOnly(exit.cause)) return
      const failure = Cause.failureOption(exit.cause)
      this.status = "failed"
      this.errorText = Option.isSome(failure) ? (errorText(failure.value) ?? GENERIC_ERROR_TEXT) : GENERIC_ERROR_TEXT
    })
  }

  /** Closes the detail: nothing of the artwork is kept and late answers are dropped. */
  close(): void {
    this.#openings.cancel()
    this.#clear()
    this.artworkId = undefined
    this.status = "closed"
  }

  /** Spec §4 like: the heart and the count follow the server's answer on code 0 only. */
  async like(): Promise<void> {
    const artwork = this.artwork
    if (artwork === null || this.liking) return
    if (!this.#askLoginUnlessLoggedIn()) return
    this.liking = true
    const exit = await this.#runner.exit(Effect.flatMap(Artworks, (artworks) => artworks.like(artwork)))
    runInAction(() => {
      this.liking = false
      if (!Exit.isSuccess(exit)) return this.#runner.reportCause(exit.cause)
      const update = exit.value
      if (update._tag === "Unchanged") return this.#runner.report(update.error)
      if (this.artwork?.id !== artwork.id) return
      this.artwork = { ...this.artwork, is_like: update.artwork.is_like, stat: update.artwork.stat }
      if (update.artwork.is_like) this.#beat()
      this.#likeChannel?.publish({ artworkId: artwork.id, is_like: update.artwork.is_like, like_count: update.artwork.stat.like_count })
    })
  }

  /**
   * 收藏 / 已收藏 (POST /api/v1/user/collect): the button and the count change at once and go back if
   * the call fails; the server's answer is kept and told to the personal center's 收藏 tab.
   */
  async collect(): Promise<void> {
    const artwork = this.artwork
    if (artwork === null || this.collecting) return
    if (!this.#askLoginUnlessLoggedIn()) return
    const wanted = !artwork.is_collected
    const before = { is_collected: artwork.is_collected, favorite_count: artwork.stat.favorite_count }
    this.collecting = true
    this.#setCollected(artwork.id, wanted, Math.max(0, before.favorite_count + (wanted ? 1 : -1)))
    const answer = await this.#runner.attempt(Effect.flatMap(Artworks, (artworks) => artworks.collect(artwork.id, wanted)))
    runInAction(() => {
      this.collecting = false
      if (!answer.ok) return this.#setCollected(artwork.id, before.is_collected, before.favorite_count)
      this.#setCollected(artwork.id, answer.value.is_collected, answer.value.favorite_count)
      this.#toasts.success(answer.value.is_collected ? "已收藏" : "已取消收藏")
      this.#collectChannel?.publish({ artworkId: artwork.id, is_collected: answer.value.is_collected })
    })
  }

  #setCollected(artworkId: number, is_collected: boolean, favorite_count: number): void {
    const artwork = this.artwork
    if (artwork?.id !== artworkId) return
    this.artwork = { ...artwork, is_collected, stat: { ...artwork.stat, favorite_count } }
  }

  /** A like given elsewhere on the artwork shown here. */
  #likedElsewhere({ artworkId, is_like, like_count }: LikeChange): void {
    const artwork = this.artwork
    if (artwork?.id !== artworkId) return
    runInAction(() => (this.artwork = { ...artwork, is_like, stat: { ...artwork.stat, like_count } }))
  }

  /** Spec §4 follow: is_follow toggles and the follower count moves by one on code 0 with data.success. */
  async follow(): Promise<void> {
    const artwork = this.artwork
    if (artwork === null || this.following || artwork.is_owner) return
    if (!this.#askLoginUnlessLoggedIn()) return
    this.following = true
    const exit = await this.#runner.exit(Effect.flatMap(Artworks, (artworks) => artworks.follow(artwork)))
    runInAction(() => {
      this.following = false
      if (!Exit.isSuccess(exit)) return this.#runner.reportCause(exit.cause)
      const update = exit.value
      if (update._tag === "Unchanged") return this.#runner.report(update.error)
      if (this.artwork?.user_uid !== artwork.user_uid) return
      this.artwork = { ...this.artwork, is_follow: update.artwork.is_follow, user_stat: update.artwork.user_stat }
    })
  }

  /**
   * Spec §4 same-style: closes the detail and gives the address to go to: quick and quick_mj store
   * their parameters and draw type in the work store and go to /aigc (SD1); sd goes to /webui with
   * the checkpoint and the infotext (SD3); agent gives null (SD2, the button is hidden).
   */
  sameStyle(): string | null {
    const artwork = this.artwork
    if (artwork === null) return null
    const action = sameStyle(artwork)
    if (action.action === "none") return null
    if (action.action === "aigc") this.#work.applySameStyle(action)
    this.close()
    return action.action === "aigc" ? "/aigc" : action.url
  }

  /** Opens the card of a model chip. */
  async openModel(chip: { readonly name: string; readonly type: SdModelType }): Promise<void> {
    const request = this.#models.begin()
    this.model = { name: chip.name, type: chip.type, info: null, status: "loading", adding: false }
    const result = await this.#runner.attempt(Effect.flatMap(Artworks, (artworks) => artworks.modelInfo(chip)))
    if (!request.current) return
    runInAction(() => {
      this.model = { name: chip.name, type: chip.type, info: result.ok ? result.value : null, status: result.ok ? "ready" : "failed", adding: false }
    })
  }

  closeModel(): void {
    this.#models.cancel()
    this.model = null
  }

  /** 添加到我的模型 (POST /api/v1/sd/models/add): login required. */
  async addModel(): Promise<void> {
    const card = this.model
    if (card?.info == null || card.adding || card.info.is_added) return
    if (!this.#askLoginUnlessLoggedIn()) return
    const info = card.info
    this.model = { ...card, adding: true }
    const result = await this.#runner.attempt(Effect.flatMap(Artworks, (artworks) => artworks.addModel(info.id)))
    runInAction(() => {
      if (this.model?.info?.id !== info.id) return
      this.model = { ...this.model, adding: false, info: result.ok ? { ...info, is_added: true } : info }
      if (result.ok) this.#toasts.success(MODEL_ADDED_TEXT)
    })
  }

  dismissLoginPrompt(): void {
    this.loginPrompt = false
  }

  /** R9: the viewer's flags (like, follow, owner) are the user's: an open artwork is asked for again. */
  reset(): void {
    const id = this.artworkId
    const open = this.status !== "closed"
    this.close()
    if (open && id !== undefined) void this.open(id)
  }

  dispose(): void {
    this.close()
    this.#stopFollowingLikes()
  }

  #askLoginUnlessLoggedIn(): boolean {
    if (this.#session.isLoggedIn) return true
    this.loginPrompt = true
    return false
  }

  #beat(): void {
    clearTimeout(this.#heartbeatTimer)
    this.heartbeat = true
    this.#heartbeatTimer = setTimeout(() => runInAction(() => (this.heartbeat = false)), HEARTBEAT_MS)
  }

  #clear(): void {
    clearTimeout(this.#heartbeatTimer)
    this.#models.cancel()
    this.artwork = null
    this.errorText = ""
    this.liking = false
    this.following = false
    this.collecting = false
    this.heartbeat = false
    this.loginPrompt = false
    this.model = null
  }
}
