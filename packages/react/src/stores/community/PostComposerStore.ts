import { type Circle, type Post, Uploads, type UploadFile } from "@mido/core"
import type { CommunityPostsShape } from "@mido/core/account"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"
import type { WalletStore } from "../WalletStore.js"
import type { CommunityFeedStore } from "./CommunityFeedStore.js"

/** At most this many images per post (docs/community-model.md). */
export const POST_IMAGE_LIMIT = 9
export const POST_TEXT_LIMIT = 5000

/** An image of the form: uploading (with its percent), uploaded (its address and size) or failed. */
export interface ComposerImage {
  readonly id: number
  readonly name: string
  readonly status: "uploading" | "done" | "failed"
  readonly percent: number
  readonly url: string
  readonly width: number
  readonly height: number
}

/**
 * /community/publish: the text, up to 9 images through the core's upload flow (spec §5's checks
 * before sending, the progress 0–100, reorder, remove), a joined circle and a topic; publish answers
 * the beans the post earned (points.first-post / points.daily-post), shown in the toast, and the
 * balance is asked again so the top bar and the ledger show it.
 */
export class PostComposerStore implements Store {
  content = ""
  images: ReadonlyArray<ComposerImage> = []
  circleId: number | undefined = undefined
  topic = ""
  circles: ReadonlyArray<Circle> = []
  publishing = false
  readonly imageLimit = POST_IMAGE_LIMIT
  readonly textLimit = POST_TEXT_LIMIT

  readonly #runner: ServiceRunner
  readonly #toasts: ToastStore
  readonly #wallet: WalletStore
  readonly #feed: CommunityFeedStore
  readonly #posts: CommunityPostsShape
  #serial = 0

  constructor(deps: { runner: ServiceRunner; toasts: ToastStore; wallet: WalletStore; feed: CommunityFeedStore; posts: CommunityPostsShape }) {
    this.#runner = deps.runner
    this.#toasts = deps.toasts
    this.#wallet = deps.wallet
    this.#feed = deps.feed
    this.#posts = deps.posts
    makeAutoObservable(this, { images: observable.ref, circles: observable.ref }, { autoBind: true })
  }

  /** The joined circles for the picker; `preselect` (a circle page's ?circle=) when it is one of them. */
  async loadCircles(preselect?: number): Promise<void> {
    const answer = await this.#runner.attempt(this.#posts.joinedCircles())
    runInAction(() => {
      this.circles = answer.ok ? answer.value : []
      if (preselect !== undefined && this.circles.some((circle) => circle.id === preselect)) this.circleId = preselect
    })
  }

  setContent(text: string): void {
    this.content = text
  }

  setCircle(id: number | undefined): void {
    this.circleId = id
  }

  setTopic(text: string): void {
    this.topic = text.replace(/[#\s]/g, "")
  }

  get uploading(): boolean {
    return this.images.some((image) => image.status === "uploading")
  }

  get canAddImages(): boolean {
    return this.images.length < POST_IMAGE_LIMIT
  }

  get canPublish(): boolean {
    return this.content.trim() !== "" && !this.uploading && !this.publishing
  }

  /** Spec §5 first (type, 15 MB, at most 9 with those already there): a refusal is a warning and nothing is sent. */
  async addFiles(files: ReadonlyArray<UploadFile>): Promise<void> {
    if (files.length === 0) return
    const check = await this.#runner.now(Effect.map(Uploads, (uploads) => uploads.validate(files, { maxCount: POST_IMAGE_LIMIT, existingCount: this.images.length })))
    if (!check.ok) {
      this.#toasts.warning(check.message)
      return
    }
    await Promise.all(files.map((file) => this.#upload(file)))
  }

  async #upload(file: UploadFile): Promise<void> {
    const id = ++this.#serial
    this.images = [...this.images, { id, name: file.name, status: "uploading", percent: 0, url: "", width: 0, height: 0 }]
    const update = (change: Partial<ComposerImage>) =>
      runInAction(() => (this.images = this.images.map((image) => (image.id === id ? { ...image, ...change } : image))))
    const posts = this.#posts
    const answer = await this.#runner.attempt(Effect.gen(function* () {
      const uploads = yield* Uploads
      const stored = yield* uploads.uploadToOss(file, (percent) => update({ percent: Math.max(0, Math.min(100, Math.round(percent))) }))
      return yield* posts.recordImage(stored.key, file.name)
    }))
    if (answer.ok) update({ status: "done", percent: 100, url: answer.value.url, width: answer.value.width, height: answer.value.height })
    else update({ status: "failed" })
  }

  remove(id: number): void {
    this.images = this.images.filter((image) => image.id !== id)
  }

  /** Moves an image from one place to another (drag and drop, or the arrows with to = from ± 1). */
  move(from: number, to: number): void {
    if (from === to || from < 0 || to < 0 || from >= this.images.length || to >= this.images.length) return
    const next = [...this.images]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved!)
    this.images = next
  }

  /** Publishes; the new post (or undefined when refused: the message is a toast). */
  async publish(): Promise<Post | undefined> {
    if (this.uploading) {
      this.#toasts.warning("图片上传中，请稍候")
      return undefined
    }
    if (this.publishing) return undefined
    this.publishing = true
    const images = this.images.filter((image) => image.status === "done").map(({ url, width, height }) => ({ url, width, height }))
    const answer = await this.#runner.attempt(this.#posts.publish({
      content: this.content,
      images,
      topics: this.topic === "" ? [] : [this.topic],
      ...(this.circleId === undefined ? {} : { circle_id: this.circleId })
    }))
    runInAction(() => (this.publishing = false))
    if (!answer.ok) return undefined
    const { reward, ...post } = answer.value
    this.#toasts.success(reward > 0 ? `发布成功，获得 ${reward} 米豆奖励` : "发布成功")
    if (reward > 0) void this.#wallet.refreshBalance()
    this.#feed.notePublished(post)
    this.reset()
    return post
  }

  reset(): void {
    // the draft is the user's: a logout drops it
    this.content = ""
    this.images = []
    this.circleId = undefined
    this.topic = ""
    this.circles = []
    this.publishing = false
  }
}
