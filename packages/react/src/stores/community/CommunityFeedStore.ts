import { type Circle, formatCount, formatRelativeTime, type Post, type SpecialTopic } from "@mido/core"
import { type CommunityPostsShape, type PostFeedQuery, topicHref } from "@mido/core/account"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { PagedList } from "../paging/PagedList.js"
import { pagesFromCore } from "../paging/pagesFromCore.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { SessionStore } from "../SessionStore.js"
import type { Store } from "../Store.js"

/** The /community tabs, in the order the page shows them. 关注 needs a login. */
export type CommunityTab = "recommend" | "follow" | "new"
const COMMUNITY_TABS: ReadonlyArray<{ readonly label: string; readonly tab: CommunityTab }> = [
  { label: "推荐", tab: "recommend" },
  { label: "关注", tab: "follow" },
  { label: "最新", tab: "new" }
]

/** What a like leaves on a card until the list loads again. */
export interface PostLikeState {
  readonly is_like: boolean
  readonly like_count: number
}

/** 热门专题 shown in the side column. */
export const HOT_TOPICS_SHOWN = 6

/**
 * /community (kept by the view cache): the post feed as a PagedList over the server's keyset cursor,
 * its tab (推荐 / 关注 / 最新; a change starts over; 关注 asks a visitor to log in), likes given on the
 * cards, the circles I joined and the hot special topics of the side column. Posts deleted or
 * published here show at once, without a reload.
 */
export class CommunityFeedStore implements Store {
  readonly list: PagedList<Post, string, PostFeedQuery>
  likes = observable.map<number, PostLikeState>()
  liking = observable.set<number>()
  /** Posts published on this device since the list loaded: shown first on 最新 and 推荐. */
  published: ReadonlyArray<Post> = []
  removed = observable.set<number>()
  circles: ReadonlyArray<Circle> = []
  topics: ReadonlyArray<SpecialTopic> = []
  sideStatus: "idle" | "loading" | "ready" = "idle"

  readonly #runner: ServiceRunner
  readonly #session: SessionStore
  readonly #posts: CommunityPostsShape

  constructor(runner: ServiceRunner, session: SessionStore, posts: CommunityPostsShape) {
    this.#runner = runner
    this.#session = session
    this.#posts = posts
    this.list = new PagedList<Post, string, PostFeedQuery>({
      params: { feed: "recommend" },
      keyOf: (post) => post.id,
      fetchPage: pagesFromCore(runner, ({ cursor, params }) =>
        Effect.map(this.#posts.feed(params, cursor), (page) => ({ items: page.list, next: page.next_cursor ?? null })))
    })
    makeAutoObservable(this, { list: false, likes: false, liking: false, removed: false, published: observable.ref, circles: observable.ref, topics: observable.ref }, { autoBind: true })
  }

  /** The tabs, in the order the page shows them. */
  readonly tabs = COMMUNITY_TABS

  get tab(): CommunityTab {
    const params = this.list.params
    return "feed" in params ? params.feed : "new"
  }

  /** The #话题# the feed is narrowed to (/community?topic=…, MN7), or null for every post. */
  get topic(): string | null {
    const params = this.list.params
    return "topic" in params && params.topic !== undefined ? params.topic : null
  }

  /** Narrows the feed to one topic's posts, or widens it again (null); the tab stays. */
  setTopic(topic: string | null): void {
    const wanted = topic === null || topic.trim() === "" ? null : topic.trim()
    if (wanted === this.topic) return
    this.likes.clear()
    void this.list.setParams(wanted === null ? { feed: this.tab } : { feed: this.tab, topic: wanted })
  }

  /** The posts as shown: this device's new ones first (not on 关注), then the list, without deleted ones. */
  get posts(): ReadonlyArray<Post> {
    const loaded = new Set(this.list.items.map((post) => post.id))
    const topic = this.topic
    const fresh = this.tab === "follow" ? [] : this.published.filter((post) => !loaded.has(post.id) && (topic === null || post.topics.includes(topic)))
    return [...fresh, ...this.list.items].filter((post) => !this.removed.has(post.id))
  }

  /** A visitor choosing 关注 gets "login" and the tab stays. */
  selectTab(tab: CommunityTab): "login" | "done" {
    if (tab === "follow" && !this.#session.isLoggedIn) return "login"
    if (tab !== this.tab) {
      this.likes.clear()
      void this.list.setParams(this.topic === null ? { feed: tab } : { feed: tab, topic: this.topic })
    }
    return "done"
  }

  /** The side column: joined circles (logged in) and hot topics; once per visit, again after a login change. */
  async loadSide(): Promise<void> {
    if (this.sideStatus === "loading") return
    this.sideStatus = "loading"
    const loggedIn = this.#session.isLoggedIn
    const [circles, topics] = await Promise.all([
      loggedIn ? this.#runner.attempt(this.#posts.joinedCircles()) : Promise.resolve({ ok: true as const, value: [] }),
      this.#runner.attempt(this.#posts.topics(HOT_TOPICS_SHOWN))
    ])
    runInAction(() => {
      this.circles = circles.ok ? circles.value : []
      this.topics = topics.ok ? topics.value : []
      this.sideStatus = "ready"
    })
  }

  liked(post: Post): PostLikeState {
    return this.likes.get(post.id) ?? { is_like: post.is_like, like_count: post.like_count }
  }

  /** Likes or unlikes with the wanted state; a visitor gets "login" and nothing is sent. */
  async toggleLike(post: Post): Promise<"login" | "done"> {
    if (!this.#session.isLoggedIn) return "login"
    if (this.liking.has(post.id)) return "done"
    const shown = this.liked(post)
    runInAction(() => this.liking.add(post.id))
    const answer = await this.#runner.attempt(this.#posts.like(post.id, !shown.is_like))
    runInAction(() => {
      this.liking.delete(post.id)
      if (answer.ok) this.likes.set(post.id, answer.value)
    })
    return "done"
  }

  /** The detail page or the composer tells the feed what changed. */
  notePublished(post: Post): void {
    this.published = [post, ...this.published]
  }

  noteRemoved(id: number): void {
    this.removed.add(id)
  }

  noteLiked(id: number, state: PostLikeState): void {
    this.likes.set(id, state)
  }

  /** Where a post's #话题# leads: this feed narrowed to it (MN7). */
  topicHref(topic: string): string {
    return topicHref(topic)
  }

  countText(count: number): string {
    return formatCount(count)
  }

  timeText(createdAtSeconds: number, now: number = Date.now()): string {
    return formatRelativeTime(createdAtSeconds * 1000, now)
  }

  reset(): void {
    // 关注 and the viewer's flags belong to the user who leaves: start over from 推荐
    this.likes.clear()
    this.liking.clear()
    this.removed.clear()
    this.published = []
    this.circles = []
    this.sideStatus = "idle"
    this.list.reset()
  }
}
