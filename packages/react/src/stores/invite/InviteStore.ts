import {
  discountScopeText,
  discountText,
  type InvitedUser,
  inviteLink,
  inviteRewardText,
  type InviterCard,
  type InvitesShape,
  type InviteSummary,
  makeInvitesService
} from "@mido/core/account"
import { ApiError, InvalidInput } from "@mido/core"
import { helpLink } from "@mido/core/navigation"
import { Cause, Effect, Exit } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ClipboardStore } from "../ClipboardStore.js"
import { errorText } from "../errorPolicy.js"
import { LatestOnly } from "../paging/LatestOnly.js"
import { numberedPage } from "../paging/Page.js"
import { PagedList } from "../paging/PagedList.js"
import { pagesFromCore } from "../paging/pagesFromCore.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { SessionStore } from "../SessionStore.js"
import type { Store } from "../Store.js"

export type LoadStatus = "idle" | "loading" | "ready" | "error"

/** /invited's inviter: not asked yet, asking, found, or a code nobody has ("missing", with the server's words). */
export type InviterStatus = LoadStatus | "missing"

/** The invite discount as /invited shows it (IV2, IV3). */
export interface DiscountView {
  readonly couponCode: string
  /** 8.5折 */
  readonly rateText: string
  /** 开通会员、购买米豆 */
  readonly scopeText: string
}

/**
 * The invite pages (issue 16; docs/spec/invite.md IV1–IV4): /invite-info's summary (my code, link,
 * rewards) and the PagedList of the users I invited; /invited's inviter by code with the member
 * discount. Made on first use with the pages' chunk (@mido/core/account); a logout forgets the
 * caller's part.
 */
export class InviteStore implements Store {
  summary: InviteSummary | null = null
  summaryStatus: LoadStatus = "idle"
  inviter: InviterCard | null = null
  inviterStatus: InviterStatus = "idle"
  /** Why the code was refused (邀请码无效), for the page rather than a toast. */
  inviterProblem = ""
  readonly invitees: PagedList<InvitedUser, number, undefined>

  readonly #runner: ServiceRunner
  readonly #clipboard: ClipboardStore
  readonly #session: SessionStore
  readonly #invites: InvitesShape
  readonly #summaryCall = new LatestOnly()
  readonly #inviterCall = new LatestOnly()

  constructor(runner: ServiceRunner, clipboard: ClipboardStore, session: SessionStore) {
    this.#runner = runner
    this.#clipboard = clipboard
    this.#session = session
    const made = runner.now(makeInvitesService)
    if (made instanceof Promise) throw new Error("the invite calls are made from services that are already there")
    this.#invites = made
    this.invitees = new PagedList<InvitedUser, number, undefined>({
      params: undefined,
      keyOf: (user) => user.uid,
      fetchPage: pagesFromCore(runner, ({ cursor = 1 }) => Effect.map(this.#invites.invitees(cursor), (answer) => numberedPage(cursor, answer)))
    })
    makeAutoObservable(this, { summary: observable.ref, inviter: observable.ref, invitees: false }, { autoBind: true })
  }

  /** The help pages the rules link to (spec §3): 邀请规则 and 提现说明. */
  readonly rulesHref = helpLink("inviteRules").path
  readonly withdrawalHref = helpLink("withdrawal").path

  /** IV1: my invite link on the site at `origin`; "" until the summary is known. */
  linkAt(origin: string): string {
    return this.summary === null ? "" : inviteLink(origin, this.summary.invite_code)
  }

  /** IV4: how many joined and what they earned me. */
  get rewardText(): string {
    return this.summary === null ? "" : inviteRewardText(this.summary)
  }

  /** IV2–IV3: the invited users' discount; null when none is on offer. */
  get discount(): DiscountView | null {
    const discount = this.inviter?.discount
    if (discount == null) return null
    const rateText = discountText(discount.discount_amount)
    return rateText === "" ? null : { couponCode: discount.coupon_code, rateText, scopeText: discountScopeText(discount.scope) }
  }

  /** /invited: the viewer is the inviter themself (their own link). */
  get isOwnCode(): boolean {
    const mine = this.#session.user?.invite_code
    return mine !== undefined && this.inviter !== null && mine.toUpperCase() === this.inviter.invite_code.toUpperCase()
  }

  /** /invite-info: my code and rewards, and the first page of the users I invited. */
  async loadSummary(): Promise<void> {
    const call = this.#summaryCall.begin()
    this.summaryStatus = "loading"
    const result = await this.#runner.attempt(this.#invites.summary())
    if (!call.current) return
    runInAction(() => {
      if (result.ok) this.summary = result.value
      this.summaryStatus = result.ok ? "ready" : "error"
    })
  }

  /** /invited?code=: who invites with `code`. An unknown or malformed code is the page's message, not a toast. */
  async loadInviter(code: string): Promise<void> {
    const call = this.#inviterCall.begin()
    runInAction(() => {
      this.inviterStatus = "loading"
      this.inviterProblem = ""
    })
    const exit = await this.#runner.exit(this.#invites.inviter(code))
    if (!call.current) return
    if (Exit.isSuccess(exit)) {
      runInAction(() => {
        this.inviter = exit.value
        this.inviterStatus = "ready"
      })
      return
    }
    const failure = Cause.failureOption(exit.cause)
    const error = failure._tag === "Some" ? failure.value : undefined
    const refused = error instanceof InvalidInput || (error instanceof ApiError && (error.code === 404 || error.code === 400))
    if (!refused) this.#runner.reportCause(exit.cause)
    runInAction(() => {
      this.inviter = null
      this.inviterStatus = refused ? "missing" : "error"
      this.inviterProblem = refused ? (errorText(error) ?? "邀请码无效") : ""
    })
  }

  /** Copies my invite link (复制成功 / the spec's failure texts). */
  copyLink(origin: string): Promise<boolean> {
    return this.#clipboard.copy(this.linkAt(origin))
  }

  copyCode(): Promise<boolean> {
    return this.#clipboard.copy(this.summary?.invite_code ?? "")
  }

  /** Copies the invite discount's coupon code for the purchase dialog. */
  copyCouponCode(): Promise<boolean> {
    return this.#clipboard.copy(this.discount?.couponCode ?? "")
  }

  /** Logout or -401: my code, rewards and invitees go; the inviter card of /invited is public and stays. */
  reset(): void {
    this.#summaryCall.cancel()
    this.summary = null
    this.summaryStatus = "idle"
    this.invitees.reset()
  }
}
