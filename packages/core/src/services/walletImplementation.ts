import { Effect, Option } from "effect"
import { beanRoutes } from "../api/routes/user/beanRoutes.js"
import type { Balance } from "../api/schemas/Balance.js"
import type { ApiClientShape } from "./ApiClient.js"
import type { Observable } from "./observable.js"
import { LEDGER_PAGE_SIZE, ledgerFilterOf, type WalletShape } from "./Wallet.js"

/** What Wallet works with: the client, and the last balance the facade (WalletLive) keeps. */
export interface WalletDependencies {
  readonly api: ApiClientShape
  readonly latest: Observable<Option.Option<Balance>>
}

/** Wallet's implementation (see WalletShape), loaded on first use with the other deferred services. */
export const makeWallet = ({ api, latest }: WalletDependencies): WalletShape => ({
  balance: api.call(beanRoutes.points, {}).pipe(
    Effect.tap((fresh) => Effect.sync(() => latest.publish(Option.some(fresh))))
  ),
  current: Effect.sync(latest.get),
  subscribe: latest.subscribe,
  ledgerPage: (page, tab) => api.call(beanRoutes.coinList, { page, size: LEDGER_PAGE_SIZE, type: ledgerFilterOf(tab) })
})
