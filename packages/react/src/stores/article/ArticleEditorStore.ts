import { type Circle, formatChinaDateTime, Uploads, type UploadFile } from "@mido/core"
import {
  ARTICLE_DRAFT_DEBOUNCE_MS,
  type ArticleDraft,
  type ArticlesShape,
  articleLinkInput,
  articleWordCount,
  isBlankDraft,
  type LinkInput,
  makeArticlesService
} from "@mido/core/article"
import { Cause, Effect, Exit, Option } from "effect"
import { type IReactionDisposer, makeAutoObservable, observable, runInAction, when } from "mobx"
import { errorText, isUnauthorized } from "../errorPolicy.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { SessionStore } from "../SessionStore.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"

/** The publish form's fields (AR5 keeps them as a local draft). */
interface ArticleFields {
  title: string
  cover: string
  summary: string
  circleId: number | null
  content: string
}

const EMPTY: ArticleFields = { title: "", cover: "", summary: "", circleId: null, content: "" }

/**
 * /community/publish-article and /demo/editor (issue 17): the article being written (title, cover,
 * summary, optional circle, the Markdown body), its local draft (AR5: per account, saved
 * ARTICLE_DRAFT_DEBOUNCE_MS after the last change; a draft left from before is offered back as
 * 恢复草稿 / 丢弃 and nothing is saved over it until the writer chooses), image uploads for the cover
 * and the editor (§5 checks first), the link dialog's rule (AR3), the word count (AR4) and publish.
 * Made with the article pages' chunk (@mido/core/article). A logout empties the form; the draft stays
 * on the device under its account's key.
 */
export class ArticleEditorStore implements Store {
  fields: ArticleFields = EMPTY
  circles: ReadonlyArray<Circle> = []
  /** A draft from an earlier visit, offered back until restored or discarded. */
  offeredDraft: ArticleDraft | null = null
  /** When the draft was last saved (Unix ms), for 草稿已保存. */
  savedAt: number | null = null
  coverUploading = false
  imageUploading = false
  publishing = false
  /** Why publish was refused (the schema's or the server's words), shown by the form. */
  problem = ""
  /** Moves when the body is replaced from outside the editor (a restored draft, a publish): the editor starts again from `fields.content`. */
  revision = 0

  readonly #runner: ServiceRunner
  readonly #session: SessionStore
  readonly #toasts: ToastStore
  readonly #articles: ArticlesShape
  readonly #now: () => number
  #timer: ReturnType<typeof setTimeout> | undefined
  #waitForWriter: IReactionDisposer | undefined
  #draftOwner: number | null = null

  constructor(runner: ServiceRunner, session: SessionStore, toasts: ToastStore, now: () => number = Date.now) {
    this.#runner = runner
    this.#session = session
    this.#toasts = toasts
    this.#now = now
    const made = runner.now(makeArticlesService)
    if (made instanceof Promise) throw new Error("the article calls are made from services that are already there")
    this.#articles = made
    makeAutoObservable(this, { fields: observable.ref, circles: observable.ref, offeredDraft: observable.ref }, { autoBind: true })
  }

  get wordCount(): number {
    return articleWordCount(this.fields.content)
  }

  /** AR4 for text that is not the form's (the demo page's own Markdown). */
  countWords(markdown: string): number {
    return articleWordCount(markdown)
  }

  /** 保存于 2026-11-26 19:30 of the draft on offer. */
  get offeredDraftText(): string {
    return this.offeredDraft === null ? "" : `保存于 ${formatChinaDateTime(this.offeredDraft.saved_at).slice(0, 16)}`
  }

  /** 草稿已自动保存 19:30:05 once the draft has been written. */
  get savedText(): string {
    return this.savedAt === null ? "" : `草稿已自动保存 ${formatChinaDateTime(this.savedAt).slice(11)}`
  }

  /** Publish is offered unless something is on its way (an empty title gets the schema's words, 请输入标题). */
  get canPublish(): boolean {
    return !this.publishing && !this.coverUploading && !this.imageUploading
  }

  /**
   * The publish page opens: the account's draft (offered back when it holds something) and the
   * circles the writer has joined.
   */
  async open(): Promise<void> {
    const uid = this.#session.user?.uid
    if (uid === undefined) {
      // a writer who arrives with a token (a link with ?token=, a fresh tab) is logged in before their
      // account has been read: the page opens then, and the draft opens once the account is known —
      // without it nothing typed would be saved
      this.#waitForWriter?.()
      this.#waitForWriter = when(() => this.#session.user?.uid !== undefined, () => {
        this.#waitForWriter = undefined
        void this.open()
      })
      return
    }
    this.#draftOwner = uid
    const [draft] = await Promise.all([this.#runner.attempt(this.#articles.loadDraft(uid)), this.loadCircles()])
    runInAction(() => {
      if (draft.ok && Option.isSome(draft.value) && !isBlankDraft(draftFields(draft.value.value)) && this.#draftOwner === uid) {
        this.offeredDraft = draft.value.value
      }
    })
  }

  /** The page closes: a pending save is written now. */
  close(): void {
    this.#waitForWriter?.()
    this.#waitForWriter = undefined
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer)
      this.#timer = undefined
      void this.#saveNow()
    }
    this.#draftOwner = null
  }

  async loadCircles(): Promise<void> {
    const answer = await this.#runner.attempt(this.#articles.joinedCircles())
    if (answer.ok) runInAction(() => (this.circles = answer.value))
  }

  setTitle(title: string): void {
    this.#change({ title })
  }
  setSummary(summary: string): void {
    this.#change({ summary })
  }
  setCircle(circleId: number | null): void {
    this.#change({ circleId })
  }
  setContent(content: string): void {
    this.#change({ content })
  }
  removeCover(): void {
    this.#change({ cover: "" })
  }

  /** 恢复草稿: the offered draft fills the form. */
  restoreDraft(): void {
    const draft = this.offeredDraft
    if (draft === null) return
    this.offeredDraft = null
    this.fields = { title: draft.title, cover: draft.cover, summary: draft.summary, circleId: draft.circle_id, content: draft.content }
    this.savedAt = draft.saved_at
    this.revision += 1
  }

  /** 丢弃: the offered draft is deleted; what is typed from now on is saved instead. */
  async discardDraft(): Promise<void> {
    const uid = this.#draftOwner
    this.offeredDraft = null
    if (uid !== null) await this.#runner.attempt(this.#articles.clearDraft(uid))
    this.#scheduleSave()
  }

  /** AR3: the link dialog's answer for what was typed. */
  linkInput(text: string): LinkInput {
    return articleLinkInput(text)
  }

  /** The cover: §5's checks, then the storage upload; the form shows it once it is there. */
  async uploadCover(file: UploadFile): Promise<void> {
    if (this.coverUploading) return
    runInAction(() => (this.coverUploading = true))
    const url = await this.#upload(file)
    runInAction(() => {
      this.coverUploading = false
      if (url !== undefined) this.#change({ cover: url })
    })
  }

  /** An image for the body: §5's checks, then the storage upload; gives its address, or undefined (the toast said why). */
  async uploadImage(file: UploadFile): Promise<string | undefined> {
    runInAction(() => (this.imageUploading = true))
    const url = await this.#upload(file)
    runInAction(() => (this.imageUploading = false))
    return url
  }

  /** Publishes the article; on success the draft goes and the new article's id comes back. */
  async publish(): Promise<number | undefined> {
    if (this.publishing) return undefined
    this.publishing = true
    this.problem = ""
    const { title, cover, summary, circleId, content } = this.fields
    const answer = await this.#runner.exit(this.#articles.publish({ title, cover, summary, circle_id: circleId, content }))
    if (Exit.isFailure(answer)) {
      // the schema's or the server's refusal is the form's to show; -401 and defects go the usual way
      const error = Option.getOrUndefined(Cause.failureOption(answer.cause))
      const message = error !== undefined && !isUnauthorized(error) ? (errorText(error) ?? "") : ""
      runInAction(() => {
        this.publishing = false
        this.problem = message
      })
      if (message === "") this.#runner.reportCause(answer.cause)
      return undefined
    }
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    this.#timer = undefined
    const uid = this.#draftOwner
    if (uid !== null) await this.#runner.attempt(this.#articles.clearDraft(uid))
    runInAction(() => {
      this.publishing = false
      this.fields = EMPTY
      this.savedAt = null
      this.revision += 1
    })
    this.#toasts.success("发布成功")
    return answer.value.id
  }

  reset(): void {
    // the writer logged out: the form is theirs (their draft stays on the device under their key)
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    this.#timer = undefined
    this.#draftOwner = null
    this.fields = EMPTY
    this.revision += 1
    this.circles = []
    this.offeredDraft = null
    this.savedAt = null
    this.problem = ""
  }

  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    this.#timer = undefined
    this.#waitForWriter?.()
    this.#waitForWriter = undefined
  }

  async #upload(file: UploadFile): Promise<string | undefined> {
    if (!this.#session.isLoggedIn) {
      this.#toasts.warning("请先登录")
      return undefined
    }
    const uploaded = await this.#runner.attempt(
      Effect.flatMap(Uploads, (uploads): Effect.Effect<string | { refused: string }, unknown> => {
        const check = uploads.validate([file], { maxCount: 1 })
        if (!check.ok) return Effect.succeed({ refused: check.message })
        // the spec's direct upload, then recorded (and its bytes checked) by the server
        return Effect.flatMap(uploads.uploadToOss(file), (stored) => this.#articles.recordImage(stored.key))
      })
    )
    if (!uploaded.ok) return undefined
    if (typeof uploaded.value !== "string") {
      this.#toasts.error(uploaded.value.refused)
      return undefined
    }
    return uploaded.value
  }

  #change(patch: Partial<ArticleFields>): void {
    this.fields = { ...this.fields, ...patch }
    if (this.problem !== "") this.problem = ""
    this.#scheduleSave()
  }

  #scheduleSave(): void {
    // nothing is written over a draft still on offer, nor for a page that has not opened one
    if (this.#draftOwner === null || this.offeredDraft !== null) return
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    this.#timer = setTimeout(() => {
      this.#timer = undefined
      void this.#saveNow()
    }, ARTICLE_DRAFT_DEBOUNCE_MS)
  }

  async #saveNow(): Promise<void> {
    const uid = this.#draftOwner
    if (uid === null) return
    const { title, cover, summary, circleId, content } = this.fields
    const fields = { title, cover, summary, circle_id: circleId, content }
    const savedAt = this.#now()
    const saved = await this.#runner.attempt(isBlankDraft(fields) ? this.#articles.clearDraft(uid) : this.#articles.saveDraft(uid, { ...fields, saved_at: savedAt }))
    if (saved.ok) runInAction(() => (this.savedAt = isBlankDraft(fields) ? null : savedAt))
  }
}

const draftFields = (draft: ArticleDraft) => ({ title: draft.title, cover: draft.cover, summary: draft.summary, circle_id: draft.circle_id, content: draft.content })
