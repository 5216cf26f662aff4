import { type Balance, type CoreServices, type LedgerEntry, type LedgerTab, type Unsubscribe, Wallet } from "@mido/core"
import { Effect, Option } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { numberedPage } from "./paging/Page.js"
import { PagedList } from "./paging/PagedList.js"
import { pagesFromCore } from "./paging/pagesFromCore.js"
import type { ServiceRunner } from "./ServiceRunner.js"
import type { Store } from "./Store.js"

/** The ledger's filter: 全部 / 收入 / 支出 (sent as type "", income, expense; spec §7). */
export interface LedgerParams {
  readonly tab: LedgerTab
}

/**
 * The bean balance of the top bar and the ledger dialog (spec §3, §7; §9 pages of 50). The balance
 * follows Wallet.subscribe: every load (orders and reminders refresh it) and the logout. The ledger
 * is a PagedList: the page number is its cursor, the tab its filter.
 */
export class WalletStore implements Store {
  balance: Balance | null = null
  /** The ledger dialog is on screen (the top bar's balance opens it). */
  ledgerOpen = false
  readonly ledger: PagedList<LedgerEntry, number, LedgerParams>

  readonly #runner: ServiceRunner

  constructor(runner: ServiceRunner) {
    this.#runner = runner
    this.ledger = new PagedList<LedgerEntry, number, LedgerParams>({
      params: { tab: "all" },
      keyOf: (entry) => entry.id,
      fetchPage: pagesFromCore(runner, ({ cursor = 1, params }) =>
        Effect.map(Effect.flatMap(Wallet, (wallet) => wallet.ledgerPage(cursor, params.tab)), (answer) => numberedPage(cursor, answer)))
    })
    makeAutoObservable(this, { balance: observable.ref, ledger: false, start: false }, { autoBind: true })
  }

  get ledgerTab(): LedgerTab {
    return this.ledger.params.tab
  }

  /** Asks the server for the balance; the answer arrives through the subscription. */
  async refreshBalance(): Promise<boolean> {
    return (await this.#runner.attempt(Effect.flatMap(Wallet, (wallet) => wallet.balance))).ok
  }

  /** The ledger dialog opens on a tab ("all" by default) with its first page. */
  openLedger(tab: LedgerTab = "all"): Promise<void> {
    this.ledgerOpen = true
    return this.ledger.setParams({ tab })
  }

  /** Another tab starts over at its first page. */
  selectLedgerTab(tab: LedgerTab): Promise<void> {
    return this.ledger.setParams({ tab })
  }

  /** The next page of the tab (scrolled to the end); nothing while one loads or when all are loaded. */
  loadMoreLedger(): Promise<void> {
    return this.ledger.loadMore()
  }

  /** Closing the dialog forgets the pages and the tab. */
  closeLedger(): void {
    this.ledgerOpen = false
    this.ledger.reset()
  }

  /** Starts from the last balance the core knows and follows it. */
  start(): Effect.Effect<Unsubscribe, never, CoreServices> {
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

  /** Logout or -401: the ledger goes (the balance goes with the core's logout). */
  reset(): void {
    this.closeLedger()
  }

}
