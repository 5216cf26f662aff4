import { Context, Effect, Layer, Option } from "effect"
import type { CallError } from "../api/ApiErrors.js"
import type { Balance } from "../api/schemas/Balance.js"
import type { LedgerEntry, LedgerFilter } from "../api/schemas/LedgerEntry.js"
import { hasMoreMessages, nextMessagePage } from "../domain/message/messagePaging.js"
import { ApiClient } from "./ApiClient.js"
import { AuthToken } from "./AuthToken.js"
import { deferredFacade, type DeferredMembers } from "./deferredService.js"
import { makeObservable, type Observable, type Unsubscribe } from "./observable.js"
import { onFirstUse } from "./onFirstUse.js"

/** The bean ledger dialog asks for pages of 50 (spec §9). */
export const LEDGER_PAGE_SIZE = 50

/** The ledger dialog's tabs: income, expense, or every entry (sent as type "", spec §7). */
export type LedgerTab = "income" | "expense" | "all"

export interface LedgerPage {
  readonly list: ReadonlyArray<LedgerEntry>
  readonly total: number
}

/** More ledger pages load while fewer entries are loaded than the total says (the paging rule of messages, MS4). */
export const hasMoreLedger = (loaded: number, total: number): boolean => hasMoreMessages(loaded, total)

/** The 1-based ledger page to ask for next, from how many entries are loaded. */
export const nextLedgerPage = (loaded: number): number => nextMessagePage(loaded, LEDGER_PAGE_SIZE)

export const ledgerFilterOf = (tab: LedgerTab): LedgerFilter => (tab === "all" ? "" : tab)

export interface WalletShape {
  /** Asks the server for the balance (spec §3 balance info) and publishes it to `balanceChanges`. */
  readonly balance: Effect.Effect<Balance, CallError>
  /** The last balance the server gave, without a call; none before the first load and after logout. */
  readonly current: Effect.Effect<Option.Option<Balance>>
  /** Calls `listener` after every change of the balance, for the top bar: each load (orders refresh it), logout. */
  readonly subscribe: (listener: (balance: Option.Option<Balance>) => void) => Unsubscribe
  /** One page (1-based) of the bean ledger, 50 entries, newest first, filtered by tab. */
  readonly ledgerPage: (page: number, tab: LedgerTab) => Effect.Effect<LedgerPage, CallError>
}

/** The bean balance and ledger (spec §3, §7 user and account; §9 page size 50). */
export class Wallet extends Context.Tag("@mido/core/Wallet")<Wallet, WalletShape>() {}

/**
 * How each member answers before the code is there (ADR 0030): the last balance and its listeners
 * live in the facade, so the top bar reads and follows them at once; the calls wait for the code.
 */
export const walletMembers = (latest: Observable<Option.Option<Balance>>): DeferredMembers<WalletShape> => ({
  balance: "effect",
  current: { atOnce: Effect.sync(latest.get) },
  subscribe: { atOnce: latest.subscribe },
  ledgerPage: "call"
})

/**
 * The balance lives in memory only (it is the server's figure, R22, and stale after any spend, so it
 * is never persisted). It is forgotten when the token goes away, whichever call saw the -401 (R9).
 * The calls' code (walletImplementation.ts) is fetched on first use with the other deferred services.
 */
export const WalletLive = Layer.scoped(
  Wallet,
  Effect.gen(function* () {
    const api = yield* ApiClient
    const auth = yield* AuthToken
    const latest = makeObservable(Option.none<Balance>())

    yield* Effect.acquireRelease(
      Effect.sync(() => auth.subscribe((token) => Option.isNone(token) && Option.isSome(latest.get()) ? latest.publish(Option.none()) : undefined)),
      (unsubscribe) => Effect.sync(unsubscribe)
    )

    const implementation = onFirstUse("Wallet", () => import("./deferredImplementations.js").then((code) => code.makeWallet({ api, latest })))
    return deferredFacade(walletMembers(latest), implementation)
  })
)
