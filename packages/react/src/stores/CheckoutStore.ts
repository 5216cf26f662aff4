import { Checkout, type CheckoutItem, type CouponOutcome, CouponMessages, type MembershipPlan, type Order, type PointsPackage } from "@mido/core"
import { helpLink } from "@mido/core/navigation"
import {
  type CheckoutSelection,
  type CheckoutSession,
  type CheckoutState,
  type CheckoutTab,
  type CheckoutView,
  initialCheckout,
  isClaim,
  makeCheckoutSession
} from "@mido/core/account"
import { Effect, Exit, Option, Scope } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ServiceRunner } from "./ServiceRunner.js"
import type { ConfirmStore } from "./ConfirmStore.js"
import { priceSummary, type PriceSummary } from "./checkout/priceSummary.js"
import { LatestOnly } from "./paging/LatestOnly.js"
import type { Store } from "./Store.js"
import type { ToastStore } from "./ToastStore.js"

export type PayMethod = CheckoutState["payMethod"]

/**
 * Where the dialog is: choosing (no order), paying (QR on screen, polled), or an order's end: success
 * (the success dialog), failed (fail or timeout: the failure dialog with re-buy), closed.
 */
export type CheckoutPhase = "choose" | "paying" | "success" | "failed" | "closed"

/** OR5: the question before closing while paying (ours; the spec gives no text). */
export const CLOSE_CONFIRM_MESSAGE = "订单正在支付中，关闭后将取消该订单，确定要关闭吗？"

/** Spec §5: ordering needs the membership agreement, by checkbox or by this dialog. */
export const AGREEMENT_CONFIRM = {
  title: "会员服务协议",
  message: "请先阅读并同意《会员服务协议》",
  confirmText: "同意并支付"
} as const

const closedView = (tab: CheckoutTab = "plan"): CheckoutView => ({ checkout: initialCheckout(tab), paymentError: null })

/**
 * The membership / bean purchase dialog (spec §4 orders, §5 coupon). Each opening makes one
 * makeCheckoutSession inside its own Scope; closing the dialog closes that scope, which interrupts
 * the order poller, so polling lives exactly as long as the dialog is open (R29, R9).
 */
export class CheckoutStore implements Store {
  isOpen = false
  view: CheckoutView = closedView()
  plans: ReadonlyArray<MembershipPlan> = []
  packages: ReadonlyArray<PointsPackage> = []
  listsLoading = false
  agreed = false
  placing = false
  applyingCoupon = false
  closing = false
  /** The membership agreement's help page (spec §3, §5), linked beside the checkbox. */
  readonly agreementHref = helpLink("membershipAgreement").path
  /** The last order placed in this opening (its payable is the server's, R22). */
  lastOrder: Order | null = null

  readonly #runner: ServiceRunner
  readonly #toasts: ToastStore
  readonly #confirmDialog: ConfirmStore
  #session: CheckoutSession | null = null
  #scope: Scope.CloseableScope | null = null
  #unsubscribe: (() => void) | null = null
  /** Every opening takes a token and every closing cancels them, so a late session is dropped. */
  readonly #openings = new LatestOnly()

  constructor(runner: ServiceRunner, toasts: ToastStore, confirmDialog: ConfirmStore) {
    this.#runner = runner
    this.#toasts = toasts
    this.#confirmDialog = confirmDialog
    makeAutoObservable(this, { view: observable.ref, plans: observable.ref, packages: observable.ref, lastOrder: observable.ref }, { autoBind: true })
  }

  get state(): CheckoutState {
    return this.view.checkout
  }

  get items(): ReadonlyArray<MembershipPlan | PointsPackage> {
    return this.state.tab === "plan" ? this.plans : this.packages
  }

  /** The chosen plan or package as the coupon rules need it, or null. */
  get selectedItem(): CheckoutItem | null {
    const item = this.items.find((candidate) => candidate.id === this.state.itemId)
    return item === undefined ? null : { kind: this.state.tab, priceYuan: item.price }
  }

  /** The price lines of the chosen item with the applied coupon (display only; the order's payable is the server's). */
  get price(): PriceSummary | null {
    const item = this.selectedItem
    return priceSummary(item === null ? null : item.priceYuan, this.state.coupon)
  }

  /** The coupon box's message: the §5 refusal of the code that was applied (CP1–CP5), or null. */
  get couponMessage(): string | null {
    const outcome = this.state.coupon.applied?.outcome
    return outcome !== undefined && !outcome.ok ? outcome.message : null
  }

  /** True while the code in the box is applied and accepted. */
  get couponApplied(): boolean {
    return this.state.coupon.applied?.outcome.ok === true
  }

  get phase(): CheckoutPhase {
    const status = this.state.order.status
    switch (status) {
      case "none":
        return "choose"
      case "fail":
      case "timeout":
        return "failed"
      default:
        return status
    }
  }

  /** What the order on screen asks, as the server priced it ("26.91"; R22), or null before an order. */
  get orderPayable(): string | null {
    const order = this.lastOrder
    if (order === null || this.state.order.status === "none" || order.trade_no !== this.state.order.tradeNo) return null
    return order.payable.toFixed(2)
  }

  /** OR4: a claim button instead of the pay QR. */
  get isClaim(): boolean {
    return isClaim(this.state)
  }

  /** R29: the wait ran out while still paying; the dialog says so (not an error toast). */
  get paymentNotice(): string | null {
    const error = this.view.paymentError
    return error !== null && error._tag === "PaymentUnconfirmed" ? error.message : null
  }

  /** Opens the dialog on `tab` (another tab when it is open already) and loads plans and packages. */
  async open(tab: CheckoutTab = "plan"): Promise<boolean> {
    if (this.isOpen) {
      if (this.#session !== null && this.state.tab !== tab) await this.selectTab(tab)
      return true
    }
    const opening = this.#openings.begin()
    this.isOpen = true
    this.view = closedView(tab)
    this.agreed = false
    this.lastOrder = null
    void this.loadLists()
    const created = await this.#runner.attempt(Effect.gen(function* () {
      const scope = yield* Scope.make()
      const session = yield* Scope.extend(makeCheckoutSession(tab), scope)
      return { scope, session }
    }))
    if (!created.ok) {
      if (opening.current) this.abandon()
      return false
    }
    const { scope, session } = created.value
    if (!opening.current) {
      this.#runner.cleanup(Scope.close(scope, Exit.void))
      return false
    }
    runInAction(() => {
      this.#scope = scope
      this.#session = session
      this.#unsubscribe = session.subscribe((view) => this.#receive(view))
    })
    return true
  }

  /** Membership plans and bean packages, both at once. */
  async loadLists(): Promise<void> {
    this.listsLoading = true
    const result = await this.#runner.attempt(Effect.flatMap(Checkout, (checkout) =>
      Effect.all([checkout.plans, checkout.pointsPackages], { concurrency: 2 })))
    runInAction(() => {
      this.listsLoading = false
      if (!result.ok) return
      this.plans = result.value[0]
      this.packages = result.value[1]
    })
  }

  /** OR3: a tab change resets the order (and its polling) and clears the coupon. */
  selectTab(tab: CheckoutTab): Promise<void> {
    return this.#select({ type: "tabSelected", tab })
  }

  /** OR3: another item resets the order; an applied coupon is checked again for its price. */
  async selectItem(itemId: number): Promise<void> {
    const reapply = this.state.coupon.applied !== null && this.state.coupon.code.trim() !== ""
    await this.#select({ type: "itemSelected", itemId })
    if (reapply) await this.applyCoupon()
  }

  selectPayMethod(payMethod: PayMethod): Promise<void> {
    return this.#select({ type: "payMethodSelected", payMethod })
  }

  /** CP8: editing the code cancels the applied coupon. */
  editCoupon(code: string): Promise<void> {
    return this.#select({ type: "couponEdited", code })
  }

  /** The coupon box's 取消: empties the code, which cancels the applied coupon (CP8). */
  cancelCoupon(): Promise<void> {
    return this.editCoupon("")
  }

  /** Checks the typed code for the chosen item (spec §5); a refusal is the box's `couponMessage`. */
  async applyCoupon(): Promise<CouponOutcome | undefined> {
    const session = this.#session
    if (session === null || this.applyingCoupon) return undefined
    this.applyingCoupon = true
    const result = await this.#runner.attempt(session.applyCoupon(this.selectedItem))
    runInAction(() => {
      this.applyingCoupon = false
    })
    return result.ok ? result.value : undefined
  }

  setAgreed(agreed: boolean): void {
    this.agreed = agreed
  }

  /**
   * Orders the chosen item with the applied coupon and starts waiting for the payment (a claim ends
   * at once). Without the agreement ticked, the agreement dialog asks first (spec §5).
   */
  async placeOrder(): Promise<Order | undefined> {
    const session = this.#session
    const itemId = this.state.itemId
    if (session === null || this.placing) return undefined
    if (itemId === null) {
      this.#toasts.warning(CouponMessages.noItem)
      return undefined
    }
    if (!this.agreed) {
      if (!(await this.#confirmDialog.ask(AGREEMENT_CONFIRM))) return undefined
      runInAction(() => {
        this.agreed = true
      })
    }
    runInAction(() => {
      this.placing = true
    })
    const result = await this.#runner.attempt(session.placeOrder({ typeId: itemId, agreed: this.agreed }))
    runInAction(() => {
      this.placing = false
      if (result.ok) this.lastOrder = result.value
    })
    return result.ok ? result.value : undefined
  }

  /**
   * The failure dialog's 重新购买 (spec §4): the failed or timed-out order is put away (OR3's reset, as a
   * change of pay method does) and the same choice is ordered again, with a new QR.
   */
  async rebuy(): Promise<Order | undefined> {
    if (this.phase !== "failed" && this.phase !== "closed") return undefined
    await this.#select({ type: "payMethodSelected", payMethod: this.state.payMethod })
    return this.placeOrder()
  }

  /**
   * The dialog's close button (OR5). While paying it asks first; confirmed, the order is closed on the
   * server, whose answer wins: an order paid meanwhile stays open showing success (R27). True when the
   * dialog closed.
   */
  async close(): Promise<boolean> {
    const session = this.#session
    if (session === null) {
      this.abandon()
      return true
    }
    if (this.closing) return false
    const ask = await this.#runner.exit(session.requestClose)
    if (Exit.isSuccess(ask) && ask.value) {
      if (!(await this.#confirmDialog.ask({ message: CLOSE_CONFIRM_MESSAGE }))) {
        await this.#runner.exit(session.cancelClose)
        return false
      }
      runInAction(() => {
        this.closing = true
      })
      const closed = await this.#runner.attempt(session.confirmClose)
      runInAction(() => {
        this.closing = false
      })
      if (closed.ok && Option.exists(closed.value, (order) => order.status === "success")) return false
    }
    this.abandon()
    return true
  }

  /** Closes the dialog without asking or calling the server (logout, -401, dispose): polling stops. */
  abandon(): void {
    this.#openings.cancel()
    this.#unsubscribe?.()
    this.#unsubscribe = null
    const scope = this.#scope
    if (scope !== null) this.#runner.cleanup(Scope.close(scope, Exit.void))
    this.#scope = null
    this.#session = null
    this.isOpen = false
    this.view = closedView()
    this.placing = false
    this.applyingCoupon = false
    this.closing = false
  }

  /** Logout or -401 (R9): the dialog closes and polling stops. */
  reset(): void {
    this.abandon()
  }

  dispose(): void {
    this.abandon()
  }

  async #select(event: CheckoutSelection): Promise<void> {
    const session = this.#session
    if (session !== null) await this.#runner.exit(session.select(event))
  }

  #receive(view: CheckoutView): void {
    const before = this.view.paymentError
    runInAction(() => {
      this.view = view
    })
    const error = view.paymentError
    // -401 and server errors of the payment wait go through the error policy; R29's notice stays inline
    if (error !== null && error !== before && error._tag !== "PaymentUnconfirmed") this.#runner.report(error)
  }
}
