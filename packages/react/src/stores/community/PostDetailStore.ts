import { formatCount, formatRelativeTime, type Post, type Profile } from "@mido/core"
import { type CommunityPostsShape, type PostComment, type PostCommentReply, type PostReportReason, replyBody, type TextSegment, textSegments, topicHref } from "@mido/core/account"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ClipboardStore } from "../ClipboardStore.js"
import type { ConfirmStore } from "../ConfirmStore.js"
import { LatestOnly } from "../paging/LatestOnly.js"
import { numberedPage } from "../paging/Page.js"
import { PagedList } from "../paging/PagedList.js"
import { pagesFromCore } from "../paging/pagesFromCore.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { SessionStore } from "../SessionStore.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"
import type { CommunityFeedStore } from "./CommunityFeedStore.js"

/** 举报理由 as the dialog lists them. */
const REPORT_REASONS: ReadonlyArray<{ readonly reason: PostReportReason; readonly label: string }> = [
  { reason: "spam", label: "垃圾广告" },
  { reason: "porn", label: "色情低俗" },
  { reason: "abuse", label: "辱骂攻击" },
  { reason: "illegal", label: "违法违规" },
  { reason: "infringement", label: "侵犯权益" },
  { reason: "other", label: "其他" }
]

/** Whom the comment box answers: a comment (top-level or reply) and its author's name. */
export interface ReplyTarget {
  readonly id: number
  readonly nickname: string
}

/** The image viewer: which image is open and its zoom (1 = fit). */
export interface ViewerState {
  readonly index: number
  readonly zoom: number
}

const ZOOMS = [1, 1.5, 2, 3] as const

/**
 * /community-detail/{id}: the post, its author (profile: follow), like / collect / share (copies the
 * link, counted), the comments (a PagedList of top-level ones with their replies; comment, reply with
 * @, delete one's own), delete one's own post, report, and the image viewer (zoom, arrows).
 */
export class PostDetailStore implements Store {
  postId: number | null = null
  post: Post | null = null
  status: "idle" | "loading" | "ready" | "missing" = "idle"
  author: Profile | null = null
  readonly comments: PagedList<PostComment, number, number>
  /** Comments and replies written here since the list loaded (shown at once), and ones deleted. */
  added = observable.map<number, ReadonlyArray<PostCommentReply>>()
  addedRoots: ReadonlyArray<PostComment> = []
  deleted = observable.set<number>()
  draft = ""
  replyTo: ReplyTarget | null = null
  sending = false
  busy = false
  viewer: ViewerState | null = null
  reportOpen = false
  /** 举报理由 for the dialog. */
  readonly reportReasons = REPORT_REASONS

  readonly #runner: ServiceRunner
  readonly #session: SessionStore
  readonly #toasts: ToastStore
  readonly #confirm: ConfirmStore
  readonly #clipboard: ClipboardStore
  readonly #feed: CommunityFeedStore
  readonly #posts: CommunityPostsShape
  readonly #load = new LatestOnly()
  /** Who the post was loaded for: its viewer flags (is_like, is_owner…) are theirs. */
  #loadedFor: number | undefined = undefined

  constructor(deps: {
    runner: ServiceRunner; session: SessionStore; toasts: ToastStore; confirm: ConfirmStore; clipboard: ClipboardStore
    feed: CommunityFeedStore; posts: CommunityPostsShape
  }) {
    this.#runner = deps.runner
    this.#session = deps.session
    this.#toasts = deps.toasts
    this.#confirm = deps.confirm
    this.#clipboard = deps.clipboard
    this.#feed = deps.feed
    this.#posts = deps.posts
    this.comments = new PagedList<PostComment, number, number>({
      params: 0,
      keyOf: (comment) => comment.id,
      fetchPage: pagesFromCore(deps.runner, ({ cursor = 1, params }) =>
        Effect.map(this.#posts.comments(params, cursor), (answer) => numberedPage(cursor, answer)))
    })
    makeAutoObservable(this, { comments: false, added: false, deleted: false, post: observable.ref, author: observable.ref, addedRoots: observable.ref }, { autoBind: true })
  }

  /** Opens post `id` (a route parameter): the post, then its author and comments. */
  async open(id: number): Promise<void> {
    const viewer = this.#session.user?.uid
    if (id === this.postId && this.status !== "missing" && viewer === this.#loadedFor) return
    this.#loadedFor = viewer
    const token = this.#load.begin()
    // the same post for another viewer (a login) stays on screen while its flags load again
    if (id !== this.postId || this.status === "missing") {
      this.post = null
      this.author = null
      this.status = "loading"
    }
    this.postId = id
    this.#clearComments()
    void this.comments.setParams(id)
    const exit = await this.#runner.exit(this.#posts.detail(id))
    if (!token.current) return
    runInAction(() => {
      if (exit._tag === "Success") {
        this.post = exit.value
        this.status = "ready"
      } else this.status = "missing"
    })
    if (exit._tag === "Success") await this.#loadAuthor(exit.value.author.uid, token)
  }

  async #loadAuthor(uid: number, token: { readonly current: boolean }): Promise<void> {
    const answer = await this.#runner.exit(this.#posts.author(uid))
    if (token.current && answer._tag === "Success") runInAction(() => (this.author = answer.value))
  }

  get isLoggedIn(): boolean {
    return this.#session.isLoggedIn
  }

  /** The top-level comments as shown: new ones here first, deleted ones gone, replies added here appended. */
  get shownComments(): ReadonlyArray<PostComment> {
    const loaded = new Set(this.comments.items.map((comment) => comment.id))
    return [...this.addedRoots.filter((root) => !loaded.has(root.id)), ...this.comments.items]
      .filter((root) => !this.deleted.has(root.id))
      .map((root) => ({ ...root, replies: [...root.replies, ...(this.added.get(root.id) ?? [])].filter((reply) => !this.deleted.has(reply.id)) }))
  }

  setDraft(text: string): void {
    this.draft = text
  }

  /** 回复: the box answers this comment and starts with @昵称 (the mention tells them too). */
  replyToComment(target: ReplyTarget): "login" | "done" {
    if (!this.isLoggedIn) return "login"
    this.replyTo = target
    if (!this.draft.startsWith(`@${target.nickname} `)) this.draft = `@${target.nickname} ${this.draft}`
    return "done"
  }

  cancelReply(): void {
    if (this.replyTo !== null && this.draft.startsWith(`@${this.replyTo.nickname} `)) this.draft = this.draft.slice(this.replyTo.nickname.length + 2)
    this.replyTo = null
  }

  /** Sends the box (≤ 500; the schema's message when refused); a visitor gets "login". */
  async sendComment(): Promise<"login" | "done" | "failed"> {
    if (!this.isLoggedIn) return "login"
    const post = this.post
    if (post === null || this.sending) return "failed"
    this.sending = true
    const reply = this.replyTo
    const answer = await this.#runner.attempt(this.#posts.comment({ post_id: post.id, content: this.draft, ...(reply === null ? {} : { reply_id: reply.id }) }))
    runInAction(() => {
      this.sending = false
      if (!answer.ok) return
      const { comment, comment_count } = answer.value
      if (comment.root_id === null) {
        this.addedRoots = [{ ...comment, post_id: post.id, reply_count: 0, replies: [] }, ...this.addedRoots]
      } else {
        this.added.set(comment.root_id, [...(this.added.get(comment.root_id) ?? []), { ...comment, root_id: comment.root_id }])
      }
      this.post = { ...post, comment_count }
      this.draft = ""
      this.replyTo = null
      this.#toasts.success("评论成功")
    })
    return answer.ok ? "done" : "failed"
  }

  async deleteComment(id: number): Promise<void> {
    if (!(await this.#confirm.ask({ title: "删除评论", message: "确定删除这条评论吗？回复也会一并删除。" }))) return
    const answer = await this.#runner.attempt(this.#posts.deleteComment(id))
    runInAction(() => {
      if (!answer.ok) return
      this.deleted.add(id)
      if (this.post !== null) this.post = { ...this.post, comment_count: answer.value }
      this.#toasts.success("已删除")
    })
  }

  /** Deletes one's own post after asking; true when gone (the page leaves). */
  async deletePost(): Promise<boolean> {
    const post = this.post
    if (post === null || !post.is_owner) return false
    if (!(await this.#confirm.ask({ title: "删除帖子", message: "删除后无法恢复，确定删除这条帖子吗？" }))) return false
    const answer = await this.#runner.attempt(this.#posts.remove(post.id))
    if (!answer.ok) return false
    this.#feed.noteRemoved(post.id)
    this.#toasts.success("帖子已删除")
    return true
  }

  async toggleLike(): Promise<"login" | "done"> {
    if (!this.isLoggedIn) return "login"
    const post = this.post
    if (post === null || this.busy) return "done"
    this.busy = true
    const answer = await this.#runner.attempt(this.#posts.like(post.id, !post.is_like))
    runInAction(() => {
      this.busy = false
      if (!answer.ok || this.post === null) return
      this.post = { ...this.post, ...answer.value }
      this.#feed.noteLiked(post.id, answer.value)
    })
    return "done"
  }

  async toggleCollect(): Promise<"login" | "done"> {
    if (!this.isLoggedIn) return "login"
    const post = this.post
    if (post === null || this.busy) return "done"
    this.busy = true
    const answer = await this.#runner.attempt(this.#posts.collect(post.id, !post.is_collected))
    runInAction(() => {
      this.busy = false
      if (!answer.ok || this.post === null) return
      this.post = { ...this.post, ...answer.value }
      this.#toasts.success(answer.value.is_collected ? "已收藏" : "已取消收藏")
    })
    return "done"
  }

  /** 分享: copies the post's address on `origin` (复制成功) and counts the share. */
  async share(origin: string): Promise<void> {
    const post = this.post
    if (post === null) return
    if (!(await this.#clipboard.copy(`${origin}/community-detail/${post.id}`))) return
    const answer = await this.#runner.attempt(this.#posts.share(post.id))
    if (answer.ok) runInAction(() => (this.post = this.post === null ? null : { ...this.post, share_count: answer.value }))
  }

  async toggleFollow(): Promise<"login" | "done"> {
    if (!this.isLoggedIn) return "login"
    const author = this.author
    if (author === null || author.is_self || this.busy) return "done"
    this.busy = true
    const answer = await this.#runner.attempt(this.#posts.follow(author.uid, !author.is_follow))
    runInAction(() => {
      this.busy = false
      if (!answer.ok || this.author === null) return
      const delta = answer.value === this.author.is_follow ? 0 : answer.value ? 1 : -1
      this.author = { ...this.author, is_follow: answer.value, stat: { ...this.author.stat, follower_count: this.author.stat.follower_count + delta } }
    })
    return "done"
  }

  openReport(): "login" | "done" {
    if (!this.isLoggedIn) return "login"
    this.reportOpen = true
    return "done"
  }

  closeReport(): void {
    this.reportOpen = false
  }

  async report(reason: PostReportReason, detail: string): Promise<void> {
    const post = this.post
    if (post === null) return
    const answer = await this.#runner.attempt(this.#posts.report(post.id, reason, detail))
    runInAction(() => {
      if (!answer.ok) return
      this.reportOpen = false
      this.#toasts.success("举报已提交，我们会尽快处理")
    })
  }

  // the image viewer: Esc closes, arrows move, zoom steps 1 → 1.5 → 2 → 3 → 1
  openViewer(index: number): void {
    this.viewer = { index, zoom: 1 }
  }

  closeViewer(): void {
    this.viewer = null
  }

  step(delta: number): void {
    const count = this.post?.images.length ?? 0
    if (this.viewer === null || count === 0) return
    this.viewer = { index: (this.viewer.index + delta + count) % count, zoom: 1 }
  }

  zoomIn(): void {
    if (this.viewer === null) return
    const next = ZOOMS.find((zoom) => zoom > this.viewer!.zoom)
    this.viewer = { ...this.viewer, zoom: next ?? ZOOMS[0] }
  }

  zoomOut(): void {
    if (this.viewer === null) return
    const smaller = [...ZOOMS].reverse().find((zoom) => zoom < this.viewer!.zoom)
    this.viewer = { ...this.viewer, zoom: smaller ?? ZOOMS[0] }
  }

  countText(count: number): string {
    return formatCount(count)
  }

  timeText(createdAtSeconds: number, now: number = Date.now()): string {
    return formatRelativeTime(createdAtSeconds * 1000, now)
  }

  /** A comment's text as the page shows it: mentions and #话题# as links, a reply without its leading @ (MN5–MN6). */
  commentSegments(comment: { readonly content: string; readonly mentions: PostComment["mentions"]; readonly reply_to?: PostCommentReply["reply_to"] }): ReadonlyArray<TextSegment> {
    return textSegments(replyBody(comment.content, comment.reply_to?.nickname), comment.mentions)
  }

  /** Where a #话题# leads (MN7). */
  topicHref(topic: string): string {
    return topicHref(topic)
  }

  #clearComments(): void {
    this.added.clear()
    this.addedRoots = []
    this.deleted.clear()
    this.draft = ""
    this.replyTo = null
    this.viewer = null
    this.reportOpen = false
  }

  reset(): void {
    // the viewer's flags (is_like, is_owner, is_follow) were the user's: load again on the next visit
    this.#load.cancel()
    this.postId = null
    this.post = null
    this.author = null
    this.status = "idle"
    this.comments.reset()
    this.#clearComments()
  }
}
