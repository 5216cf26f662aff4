import { ApiError, type Article, formatChinaDateTime, People } from "@mido/core"
import { type ArticlesShape, articleImageSrc, articleLinkHref, articleWordCount, makeArticlesService } from "@mido/core/article"
import { Cause, Effect, Exit, Option } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { errorText, GENERIC_ERROR_TEXT } from "../errorPolicy.js"
import { LatestOnly } from "../paging/LatestOnly.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { SessionStore } from "../SessionStore.js"
import type { Store } from "../Store.js"

export type ArticleStatus = "idle" | "loading" | "ready" | "missing" | "error"

/**
 * /article-detail/{id} (issue 17): the article with its Markdown body, the author's follow state
 * (the byline has none, so it is asked of the author's profile when logged in) and the rules the
 * page renders the body with: links and images through the safe-link rule (AR1, AR2). Made with the
 * article pages' chunk; a logout forgets the viewer's follow state.
 */
export class ArticleStore implements Store {
  article: Article | null = null
  status: ArticleStatus = "idle"
  /** The server's words when the article is not there (文章不存在或已删除). */
  problem = ""
  /** Whether the viewer follows the author; null while unknown (a visitor, or not asked yet). */
  following: boolean | null = null
  followBusy = false

  readonly #runner: ServiceRunner
  readonly #session: SessionStore
  readonly #articles: ArticlesShape
  readonly #loads = new LatestOnly()

  constructor(runner: ServiceRunner, session: SessionStore) {
    this.#runner = runner
    this.#session = session
    const made = runner.now(makeArticlesService)
    if (made instanceof Promise) throw new Error("the article calls are made from services that are already there")
    this.#articles = made
    makeAutoObservable(this, { article: observable.ref, linkHref: false, imageSrc: false }, { autoBind: true })
  }

  /** AR1: the href a Markdown link gets, or undefined: the link is then shown as plain text. */
  linkHref(url: string | undefined): string | undefined {
    return articleLinkHref(url)
  }

  /** AR2: the src a Markdown image gets, or undefined: the image is then left out. */
  imageSrc(url: string | undefined): string | undefined {
    return articleImageSrc(url)
  }

  get dateText(): string {
    return this.article === null ? "" : formatChinaDateTime(this.article.created_at * 1000).slice(0, 16)
  }

  get wordCount(): number {
    return this.article === null ? 0 : articleWordCount(this.article.content)
  }

  /** The follow button shows for another author's article. */
  get canFollow(): boolean {
    return this.article !== null && !this.article.is_owner && this.#session.user?.uid !== this.article.author.uid
  }

  async load(id: number): Promise<void> {
    const token = this.#loads.begin()
    this.status = "loading"
    this.problem = ""
    this.following = null
    const answer = await this.#runner.exit(this.#articles.detail(id))
    if (!token.current) return
    if (Exit.isFailure(answer)) {
      const failure = Option.getOrUndefined(Cause.failureOption(answer.cause))
      runInAction(() => {
        this.article = null
        // the server's refusal (文章不存在或已删除) is the page's; a lost connection offers 重试
        this.status = failure instanceof ApiError ? "missing" : "error"
        this.problem = failure instanceof ApiError ? failure.msg : (errorText(failure) ?? GENERIC_ERROR_TEXT)
      })
      return
    }
    runInAction(() => {
      this.article = answer.value
      this.status = "ready"
    })
    await this.#loadFollow(answer.value)
  }

  /** 关注 / 已关注 for the author: moves only when the server did it. A visitor gets "login" and nothing is sent. */
  async toggleFollow(): Promise<"login" | "done"> {
    const article = this.article
    if (!this.#session.isLoggedIn) return "login"
    if (article === null || !this.canFollow || this.followBusy) return "done"
    const wanted = !(this.following ?? false)
    this.followBusy = true
    const answer = await this.#runner.attempt(Effect.flatMap(People, (people) => people.setFollow(article.author.uid, wanted)))
    runInAction(() => {
      this.followBusy = false
      if (answer.ok && this.article?.id === article.id) this.following = wanted
    })
    return "done"
  }

  reset(): void {
    // the viewer logged out: whom they follow is theirs; the article itself is public
    this.following = null
  }

  async #loadFollow(article: Article): Promise<void> {
    if (!this.#session.isLoggedIn || !this.canFollow) return
    const profile = await this.#runner.exit(Effect.flatMap(People, (people) => people.profile(article.author.uid)))
    if (profile._tag === "Success") runInAction(() => this.article?.id === article.id && (this.following = profile.value.is_follow))
  }
}
