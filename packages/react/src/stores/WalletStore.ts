import {
  type Balance,
  type CoreServices,
  hasMoreLedger,
  type LedgerEntry,
  type LedgerTab,
  type Unsubscribe,
  Wallet
} from "@mido/core"
import { Effect, Option } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ServiceRunner } from "./ServiceRunner.js"

/**
 * The bean balance of the top bar and the ledger dialog (spec §3, §7; §9 pages of 50). The balance
 * follows Wallet.subscribe: every load (orders and reminders refresh it) and the logout.
 */
export class WalletStore {
  balance: Balance | null = null
  ledgerTab: LedgerTab = "all"
  ledger: ReadonlyArray<LedgerEntry> = []
  ledgerTotal = 0
  ledgerLoading = false
  /** Pages of the current tab loaded so far (0: none yet). */
  ledgerPages = 0

  readonly #runner: ServiceRunner
  /** Bumped when the tab changes or the ledger closes, so answers for the old one are dropped. */
  #generation = 0

  constructor(runner: ServiceRunner) {
    this.#runner = runner
    makeAutoObservable(this, { balance: observable.ref, ledger: observable.ref, attach: false }, { autoBind: true })
  }

  /** More pages while fewer entries are loaded than the total (and always before the first). */
  get ledgerHasMore(): boolean {
    return this.ledgerPages === 0 || hasMoreLedger(this.ledger.length, this.ledgerTotal)
  }

  /** Empty state once the first page said there is nothing. */
  get ledgerEmpty(): boolean {
    return this.ledgerPages > 0 && this.ledger.length === 0
  }

  /** Asks the server for the balance; the answer arrives through the subscription. */
  async refreshBalance(): Promise<boolean> {
    return (await this.#runner.attempt(Effect.flatMap(Wallet, (wallet) => wallet.balance))).ok
  }

  /** The ledger dialog opens on a tab ("all" by default) with its first page. */
  openLedger(tab: LedgerTab = "all"): Promise<void> {
    return this.selectLedgerTab(tab)
  }

  /** Another tab starts over at its first page. */
  selectLedgerTab(tab: LedgerTab): Promise<void> {
    this.#generation += 1
    this.ledgerTab = tab
    this.ledger = []
    this.ledgerTotal = 0
    this.ledgerPages = 0
    this.ledgerLoading = false
    return this.loadMoreLedger()
  }

  /** The next page of the tab (scrolled to the end); nothing while one loads or when all are loaded. */
  async loadMoreLedger(): Promise<void> {
    if (this.ledgerLoading || !this.ledgerHasMore) return
    const generation = this.#generation
    const page = this.ledgerPages + 1
    const tab = this.ledgerTab
    this.ledgerLoading = true
    const result = await this.#runner.attempt(Effect.flatMap(Wallet, (wallet) => wallet.ledgerPage(page, tab)))
    runInAction(() => {
      if (generation !== this.#generation) return
      this.ledgerLoading = false
      if (!result.ok) return
      const shown = new Set(this.ledger.map((entry) => entry.id))
      const added = result.value.list.filter((entry) => !shown.has(entry.id))
      this.ledger = [...this.ledger, ...added]
      this.ledgerPages = page
      // an empty page ends the list even when the total promised more (a total that shrank meanwhile)
      this.ledgerTotal = result.value.list.length === 0 ? this.ledger.length : result.value.total
    })
  }

  /** Closing the dialog forgets the pages; so does logging out. */
  closeLedger(): void {
    this.#generation += 1
    this.ledger = []
    this.ledgerTotal = 0
    this.ledgerPages = 0
    this.ledgerLoading = false
    this.ledgerTab = "all"
  }

  /** Starts from the last balance the core knows and follows it. */
  attach(): Effect.Effect<Unsubscribe, never, CoreServices> {
    return Effect.gen(this, function* () {
      const wallet = yield* Wallet
      const current = yield* wallet.current
      runInAction(() => {
        this.balance = Option.getOrNull(current)
      })
      return wallet.subscribe((balance) =>
        runInAction(() => {
          this.balance = Option.getOrNull(balance)
        }))
    })
  }
}
