import { type AdminCatalog, type AdminConfigEntry, type AdminCoupon, type AdminOrder, AdminApi, type AdminOrderState, type AdminPackage, type AdminPlan, type CouponCreateInput, type ReconciliationBreak, type RefundResult } from "@mido/core/admin"
import { makeAutoObservable, runInAction } from "mobx"
import { PagedList } from "../stores/paging/PagedList.js"
import type { AdminCalls } from "./AdminCalls.js"

export const MONEY_PAGE_SIZE = 20

export interface OrderFilter {
  readonly tradeNo: string
  readonly user: string
  readonly state: AdminOrderState | ""
  readonly from: string
  readonly to: string
}

const NO_FILTER: OrderFilter = { tradeNo: "", user: "", state: "", from: "", to: "" }
const given = <K extends string>(key: K, value: string) => (value.trim() === "" ? {} : ({ [key]: value.trim() } as Record<K, string>))

/**
 * 订单 / 优惠券 / 套餐与配置 (issue 29): the orders search and refunds, reconciliation breaks, coupons
 * and their uses, and the plan/package/config editor. Every write goes to the server, which checks the
 * role and audits; a refusal shows as a toast (AdminCalls.attempt) and leaves the page as it was. A
 * refund in flight blocks a second press of its button (the server refunds once anyway).
 */
export class MoneyStore {
  readonly orders: PagedList<AdminOrder, number, OrderFilter>
  readonly breaks: PagedList<ReconciliationBreak, number, { readonly resolved: boolean }>
  readonly coupons: PagedList<AdminCoupon, number, Record<string, never>>
  filter: OrderFilter = NO_FILTER
  /** trade numbers whose refund is being asked now */
  refunding: ReadonlySet<string> = new Set()
  lastRefund: { readonly tradeNo: string; readonly result: RefundResult } | undefined = undefined
  catalog: AdminCatalog | undefined = undefined
  uses: { readonly code: string; readonly list: ReadonlyArray<{ readonly trade_no: string; readonly nickname: string; readonly state: string; readonly created_at_str: string }> } | undefined = undefined
  readonly #calls: AdminCalls

  constructor(calls: AdminCalls) {
    this.#calls = calls
    this.orders = new PagedList<AdminOrder, number, OrderFilter>({
      params: NO_FILTER,
      keyOf: (order) => order.trade_no,
      fetchPage: calls.pages(AdminApi.money.orders, (filter, page) => ({
        page, size: MONEY_PAGE_SIZE, ...given("trade_no", filter.tradeNo), ...given("user", filter.user), ...given("from", filter.from), ...given("to", filter.to),
        ...(filter.state === "" ? {} : { state: filter.state })
      }))
    })
    this.breaks = new PagedList<ReconciliationBreak, number, { readonly resolved: boolean }>({
      params: { resolved: false },
      keyOf: (entry) => entry.id,
      fetchPage: calls.pages(AdminApi.money.breaks, (params, page) => ({ page, size: MONEY_PAGE_SIZE, resolved: params.resolved ? ("1" as const) : ("0" as const) }))
    })
    this.coupons = new PagedList<AdminCoupon, number, Record<string, never>>({
      params: {},
      keyOf: (coupon) => coupon.code,
      fetchPage: calls.pages(AdminApi.money.coupons, (_params, page) => ({ page, size: MONEY_PAGE_SIZE }))
    })
    makeAutoObservable(this, { orders: false, breaks: false, coupons: false }, { autoBind: true })
  }

  openOrders(): Promise<void> {
    return Promise.all([this.orders.setParams(this.filter), this.breaks.setParams({ resolved: false })]).then(() => undefined)
  }

  setFilter(filter: Partial<OrderFilter>): Promise<void> {
    this.filter = { ...this.filter, ...filter }
    return this.orders.setParams(this.filter)
  }

  /** Refunds the order (or asks again about its refund); the list then shows its new state. */
  async refund(tradeNo: string, reason: string): Promise<RefundResult | undefined> {
    if (this.refunding.has(tradeNo)) return undefined
    this.refunding = new Set([...this.refunding, tradeNo])
    const answer = await this.#calls.attempt(AdminApi.money.refund, { trade_no: tradeNo, reason })
    runInAction(() => {
      this.refunding = new Set([...this.refunding].filter((no) => no !== tradeNo))
      if (answer.ok) this.lastRefund = { tradeNo, result: answer.value }
    })
    if (answer.ok) await this.orders.refresh()
    return answer.ok ? answer.value : undefined
  }

  async resolveBreak(id: number, note: string): Promise<boolean> {
    const answer = await this.#calls.attempt(AdminApi.money.resolveBreak, { id, note })
    if (answer.ok) await this.breaks.refresh()
    return answer.ok
  }

  openCoupons(): Promise<void> {
    return this.coupons.setParams({})
  }

  async createCoupon(input: CouponCreateInput): Promise<boolean> {
    const answer = await this.#calls.attempt(AdminApi.money.createCoupon, input)
    if (answer.ok) await this.coupons.refresh()
    return answer.ok
  }

  async disableCoupon(code: string): Promise<void> {
    if ((await this.#calls.attempt(AdminApi.money.disableCoupon, { code })).ok) await this.coupons.refresh()
  }

  async showUses(code: string): Promise<void> {
    const answer = await this.#calls.attempt(AdminApi.money.couponUses, { code, page: 1, size: 50 })
    if (answer.ok) runInAction(() => (this.uses = { code, list: answer.value.list }))
  }

  closeUses(): void {
    this.uses = undefined
  }

  async loadCatalog(): Promise<void> {
    const answer = await this.#calls.attempt(AdminApi.money.catalog, {})
    if (answer.ok) runInAction(() => (this.catalog = answer.value))
  }

  async savePlan(plan: AdminPlan): Promise<boolean> {
    const answer = await this.#calls.attempt(AdminApi.money.editPlan, plan)
    if (answer.ok) this.#replace("plans", answer.value)
    return answer.ok
  }

  async savePackage(pack: AdminPackage): Promise<boolean> {
    const answer = await this.#calls.attempt(AdminApi.money.editPackage, pack)
    if (answer.ok) this.#replace("packages", answer.value)
    return answer.ok
  }

  async saveConfig(entry: AdminConfigEntry): Promise<boolean> {
    const answer = await this.#calls.attempt(AdminApi.money.editConfig, entry)
    if (answer.ok) runInAction(() => {
      if (this.catalog !== undefined) this.catalog = { ...this.catalog, config: this.catalog.config.map((row) => (row.key === entry.key ? answer.value : row)) }
    })
    return answer.ok
  }

  #replace<K extends "plans" | "packages">(kind: K, saved: AdminCatalog[K][number]): void {
    runInAction(() => {
      if (this.catalog === undefined) return
      const rows = this.catalog[kind] as ReadonlyArray<{ readonly id: number }>
      this.catalog = { ...this.catalog, [kind]: rows.map((row) => (row.id === saved.id ? saved : row)) }
    })
  }

  reset(): void {
    this.filter = NO_FILTER
    this.refunding = new Set()
    this.lastRefund = undefined
    this.catalog = undefined
    this.uses = undefined
    this.orders.reset()
    this.breaks.reset()
    this.coupons.reset()
  }
}
