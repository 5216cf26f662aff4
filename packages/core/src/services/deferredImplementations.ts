import { Effect } from "effect"
import { FileSaver } from "../ports/FileSaver.js"
import { Http } from "../ports/Http.js"
import { ApiClient } from "./ApiClient.js"
import { makeArtworks } from "./artworksImplementation.js"
import { makeCheckout } from "./checkoutImplementation.js"
import { makeDownloads } from "./downloadsImplementation.js"
import { makePeople } from "./peopleImplementation.js"
import { makeReminders } from "./remindersImplementation.js"
import { makeLibrary } from "./libraryImplementation.js"
import { Session } from "./Session.js"
import { Config } from "./Config.js"
import { KeyValueStore } from "../ports/KeyValueStore.js"
import { makeUploads } from "./uploadsImplementation.js"
import { Wallet } from "./Wallet.js"

/**
 * The code of the services loaded on first use (deferredServices.ts), each over the services it reads
 * from the context: the one module their loaders `import()`, so bundlers emit it as one lazy chunk,
 * fetched the first time any of them is used. One chunk rather than one per service: when several
 * lazy chunks share modules with the web app's first load, Rolldown (Vite 8) splits that first load
 * into many small files, and the lost compression costs more than the services weigh (measured with
 * bench/web-first-load.mjs). Keep what these modules import either used by the first load too or
 * reached only through here: a module the first load reaches but tree-shakes (e.g. effect's `Random`)
 * has the same splitting effect.
 */
// Wallet's facade imports this module (statically in the packed package, ADR 0021), so the two import each
// other: what reads the Wallet tag waits until it is run, whichever of them a consumer's graph evaluates first
export const checkout = Effect.suspend(() => Effect.map(Effect.all({ api: ApiClient, session: Session, wallet: Wallet }), makeCheckout))
export const uploads = Effect.map(Effect.all({ api: ApiClient, http: Http }), makeUploads)
export const artworks = Effect.map(Effect.all({ api: ApiClient }), makeArtworks)
export const downloads = Effect.map(Effect.all({ http: Http, saver: FileSaver }), makeDownloads)
export const people = Effect.map(Effect.all({ api: ApiClient, session: Session }), makePeople)
export const library = Effect.map(Effect.all({ api: ApiClient }), makeLibrary)
export const reminders = Effect.suspend(() => Effect.map(Effect.all({ session: Session, wallet: Wallet, config: Config, store: KeyValueStore }), makeReminders))
// services whose facade keeps state of its own at start (Inbox's counts, Wallet's balance) take it as an argument
export { makeInbox } from "./inboxImplementation.js"
export { makeWallet } from "./walletImplementation.js"
