import { Layer, ManagedRuntime } from "effect"
import type { Analytics } from "../ports/Analytics.js"
import type { FileSaver } from "../ports/FileSaver.js"
import type { Http } from "../ports/Http.js"
import type { KeyValueStore } from "../ports/KeyValueStore.js"
import { ApiClientLive } from "../services/ApiClient.js"
import { AuthTokenLive } from "../services/AuthToken.js"
import { ConfigLive } from "../services/Config.js"
import { ArtworksLive, CheckoutLive, DownloadsLive, LibraryLive, PeopleLive, RemindersLive, UploadsLive } from "../services/deferredServices.js"
import { InboxLive } from "../services/Inbox.js"
import { SessionLive } from "../services/Session.js"
import { WalletLive } from "../services/Wallet.js"

/** What an app must provide: the four ports (docs/ARCHITECTURE.md, the dependency rule). Effect's Clock and Random come built in. */
export type CorePorts = Http | KeyValueStore | Analytics | FileSaver

/**
 * Every service of the core over the ports an app chooses. Only composition roots call this: the web
 * app with browser adapters, the harness with node ones, tests with in-memory ones.
 */
export const makeCoreLayer = <E>(ports: Layer.Layer<CorePorts, E>) => {
  const client = Layer.provideMerge(ApiClientLive, Layer.provideMerge(AuthTokenLive, ports))
  const account = Layer.provideMerge(Layer.mergeAll(SessionLive, ConfigLive, WalletLive), client)
  // Checkout, Artworks, Uploads and Downloads fetch their code on first use (services/deferredServices.ts),
  // out of the web app's first load
  return Layer.provideMerge(
    Layer.mergeAll(CheckoutLive, RemindersLive, InboxLive, ArtworksLive, UploadsLive, DownloadsLive, PeopleLive, LibraryLive),
    account
  )
}

export type CoreServices = Layer.Layer.Success<ReturnType<typeof makeCoreLayer>>

/** A runtime holding the services for the app's lifetime; `dispose()` when the app unmounts. */
export const makeCoreRuntime = <E>(ports: Layer.Layer<CorePorts, E>) => ManagedRuntime.make(makeCoreLayer(ports))

export type CoreRuntime = ReturnType<typeof makeCoreRuntime>
