import { type CoreRuntime, type CoreServices, Session, startApp, type Unsubscribe } from "@mido/core"
import { Cause, Effect, Exit } from "effect"
import { makeObservable, observable, reaction, runInAction } from "mobx"
import type { ArtworkDetailStore } from "./ArtworkDetailStore.js"
import type { CheckoutStore } from "./CheckoutStore.js"
import type { CommunityStore } from "./community/CommunityStore.js"
import type { AigcStore } from "./generation/AigcStore.js"
import type { GenerationStore } from "./generation/GenerationStore.js"
import type { AssistantStore } from "./assistant/AssistantStore.js"
import type { FeaturePromptStore } from "./notice/FeaturePromptStore.js"
import type { FixedNoticeStore } from "./notice/FixedNoticeStore.js"
import type { PropertyStore } from "./property/PropertyStore.js"
import type { WebuiStore } from "./webui/WebuiStore.js"
import type { ToolStore } from "./tools/ToolStore.js"
import type { ActivityStore } from "./activity/ActivityStore.js"
import type { SpecialTopicStore } from "./activity/SpecialTopicStore.js"
import type { ArticleStores } from "./article/articleStores.js"
import { ClipboardStore } from "./ClipboardStore.js"
import { ConfigStore } from "./ConfigStore.js"
import { ConfirmStore } from "./ConfirmStore.js"
import { ContextMenuStore } from "./ContextMenuStore.js"
import { errorText, GENERIC_ERROR_TEXT, isUnauthorized } from "./errorPolicy.js"
import { InboxStore } from "./InboxStore.js"
import { CollectChannel } from "./CollectChannel.js"
import { LikeChannel } from "./LikeChannel.js"
import { OnDemandStores, type PageStore } from "./LoadedOnDemand.js"
import { LoadingStore } from "./LoadingStore.js"
import { LatestOnly, type RequestToken } from "./paging/LatestOnly.js"
import type { PersonalStore } from "./personal/PersonalStore.js"
import type { CircleStores } from "./circle/CircleStores.js"
import type { InviteStore } from "./invite/InviteStore.js"
import { ReminderStore } from "./ReminderStore.js"
import { SavedFlagsStore } from "./SavedFlagsStore.js"
import { ServiceRunner } from "./ServiceRunner.js"
import { SessionStore } from "./SessionStore.js"
import { SidebarStore } from "./SidebarStore.js"
import type { Store } from "./Store.js"
import type { StoreHost } from "./StoreHost.js"
import { ToastStore } from "./ToastStore.js"
import { WalletStore } from "./WalletStore.js"
import { WorkStore } from "./WorkStore.js"

export interface RootStoreOptions {
  /** The core's services over the ports the app chose (`createBrowserRuntime`, or memory ones in tests). */
  readonly runtime: CoreRuntime
  readonly host?: StoreHost
}

/** Why the app should go to /login: a call answered -401 (the session is already cleared, R9). */
export type UnauthorizedListener = () => void

/**
 * Every domain store, sharing one ServiceRunner and one error policy (spec §8): a failure shows
 * `userMessage(error)` as an error toast, except -401, which shows nothing: the core has cleared the
 * session (R9) and the `onUnauthorized` listeners hear of it once per -401 answer, including those of
 * background calls such as the order poller (navigating to /login?ref= is the app's job).
 *
 * Every store is registered once in the constructor (the registry, `Store`): `start()` starts them in
 * that order, a logout or -401 resets each of them, `dispose()` disposes each. Nothing happens in the
 * constructor. `start()` reads the persisted state and follows the services (synchronously when the
 * ports are, so `ready` is true before the first paint), then runs the start-up sequence once;
 * `dispose()` undoes all of it. start → dispose → start (StrictMode) leaves one set of subscriptions
 * and one start-up.
 */
export class RootStore {
  readonly toasts: ToastStore
  readonly confirmDialog: ConfirmStore
  readonly loading: LoadingStore
  readonly clipboard: ClipboardStore
  readonly flags: SavedFlagsStore
  readonly session: SessionStore
  readonly config: ConfigStore
  readonly sidebar: SidebarStore
  readonly wallet: WalletStore
  readonly inbox: InboxStore
  readonly reminders: ReminderStore
  readonly work: WorkStore
  readonly contextMenu: ContextMenuStore
  /** Likes told from one store to the others that show the artwork (the detail dialog ↔ the square's cards). */
  readonly likes = new LikeChannel()
  readonly collects = new CollectChannel() // 收藏 in the detail reloads the personal center's 收藏 tab
  /** For stores added later (pages): the same runtime, lifetime and error policy. */
  readonly runner: ServiceRunner
  /** True once the persisted state is read: the router may check the login then. */
  ready = false
  /** True once something asked for the purchase dialog: its code (and the checkout store's) is wanted from then on. */
  purchaseWanted = false

  readonly #host: StoreHost
  // declared before the stores it holds: each `#onDemand.add` below registers one
  readonly #onDemand = new OnDemandStores()
  // the purchase dialog's store arrives on first use, as the core's Checkout does: no first-load page needs it
  readonly #checkout = this.#onDemand.add(async () =>
    new (await import("./CheckoutStore.js")).CheckoutStore(this.runner, this.toasts, this.confirmDialog))
  // the personal center's store arrives with its page (/personal), out of the first load
  readonly #personal = this.#onDemand.add(async () =>
    new (await import("./personal/PersonalStore.js")).PersonalStore(this.runner, this.session, this.toasts, this.confirmDialog, this.collects))

  // the invite pages' store (/invite-info, /invited) arrives with them and @mido/core/account
  readonly #invite = this.#onDemand.add(async () =>
    new (await import("./invite/InviteStore.js")).InviteStore(this.runner, this.clipboard, this.session))

  // the artwork detail (dialog and /work-detail) arrives with its first opening: /list's first load does not need it
  readonly #artworkDetail = this.#onDemand.add(async () =>
    new (await import("./ArtworkDetailStore.js")).ArtworkDetailStore(this.runner, this.session, this.work, this.toasts, this.likes, this.collects))

  // the asset library's store arrives with /property
  readonly #property = this.#onDemand.add(async () =>
    new (await import("./property/PropertyStore.js")).PropertyStore(this.runner, this.toasts, this.confirmDialog, this.session))
  // the drawing tasks arrive with the first creation page (and the @mido/core/generation chunk); kept for the session
  readonly #generation = this.#onDemand.add(async () =>
    new (await import("./generation/GenerationStore.js")).GenerationStore(this.runner, this.wallet, this.toasts, this.#host.serverEvents, () => void this.openPurchase("points")))
  // /webui's form arrives with its page, over the shared drawing tasks
  readonly #webui = this.#onDemand.add(async () =>
    new (await import("./webui/WebuiStore.js")).WebuiStore(this.runner, await this.generationStore(), this.toasts, this.work))
  // /aigc's form arrives with the page, over the generation store
  readonly #aigc = this.#onDemand.add(async () =>
    new (await import("./generation/AigcStore.js")).AigcStore(this.runner, this.toasts, this.work, await this.generationStore()))
  // the assistant (/intelligent) arrives with its page, over the drawing tasks' store
  readonly #assistant = this.#onDemand.add(async () =>
    new (await import("./assistant/AssistantStore.js")).AssistantStore(this.runner, await this.generationStore(), this.wallet, this.toasts, this.confirmDialog))
  // the AI tools' page state (/tools/*) arrives with the first tool page, over the drawing tasks
  readonly #tools = this.#onDemand.add(async () =>
    new (await import("./tools/ToolStore.js")).ToolStore(this.runner, this.toasts, this.work, await this.generationStore()))
  // the fixed notice and the feature prompt arrive with the account overlays' layer (with @mido/core/account)
  readonly #fixedNotice = this.#onDemand.add(async () =>
    new (await import("./notice/FixedNoticeStore.js")).FixedNoticeStore(this.session, this.config, this.flags))
  readonly #featurePrompt = this.#onDemand.add(async () =>
    new (await import("./notice/FeaturePromptStore.js")).FeaturePromptStore(this.config, this.flags))
  // the community feed, post detail and composer arrive with the first community page (and @mido/core/account)
  readonly #community = this.#onDemand.add(async () =>
    new (await import("./community/CommunityStore.js")).CommunityStore({
      runner: this.runner, session: this.session, toasts: this.toasts, confirm: this.confirmDialog, clipboard: this.clipboard, wallet: this.wallet
    }))
  // the circle pages' stores (issue 17) arrive with the first of them and @mido/core/circle
  readonly #circles = this.#onDemand.add(async () =>
    new (await import("./circle/CircleStores.js")).CircleStores(this.runner, this.session, this.toasts, this.confirmDialog))
  // the activity and special-topic pages' stores arrive with their pages (and @mido/core/activity)
  readonly #activity = this.#onDemand.add(async () =>
    new (await import("./activity/ActivityStore.js")).ActivityStore(this.runner, this.session, this.toasts))
  readonly #specialTopic = this.#onDemand.add(async () =>
    new (await import("./activity/SpecialTopicStore.js")).SpecialTopicStore(this.runner))
  // the article pages' stores arrive with their pages (and @mido/core/article): /list's first load carries none of them
  readonly #articles = this.#onDemand.add(async () => (await import("./article/articleStores.js")).makeArticleStores(this.runner, this.session, this.toasts))
  readonly #stores: Array<Store> = []
  readonly #unauthorized = new Set<UnauthorizedListener>()
  #unauthorizedPending = false
  #started = false
  #booted = false
  /** The current start; dispose() makes it stale, so a late attach or boot of an old start is dropped. */
  readonly #starts = new LatestOnly()
  #disposers: Array<Unsubscribe> = []

  constructor({ runtime, host = {} }: RootStoreOptions) {
    this.#host = host
    this.runner = new ServiceRunner(runtime, (error, defect) => this.#report(error, defect))
    // the registry: start, reset and dispose go through it in this order
    this.toasts = this.#register(new ToastStore())
    this.confirmDialog = this.#register(new ConfirmStore())
    this.loading = this.#register(new LoadingStore())
    this.clipboard = this.#register(new ClipboardStore(this.toasts, host.clipboard))
    this.flags = this.#register(new SavedFlagsStore(this.runner))
    this.session = this.#register(new SessionStore(this.runner, () => this.#notifyUnauthorized(), host.qrNonce))
    this.config = this.#register(new ConfigStore(this.runner))
    this.sidebar = this.#register(new SidebarStore(this.runner, host.viewport))
    this.wallet = this.#register(new WalletStore(this.runner))
    this.inbox = this.#register(new InboxStore(this.runner))
    this.reminders = this.#register(new ReminderStore(this.runner, this.session))
    this.work = this.#register(new WorkStore(this.runner))
    this.contextMenu = this.#register(new ContextMenuStore(this.runner))
    this.#register(this.#onDemand)
    makeObservable(this, { ready: observable, purchaseWanted: observable })
  }

  /** A page's store whose class comes in the page's chunk (`useSquareStore`): made at once on first use, then the same one. */
  pageStore<S extends PageStore>(make: (root: RootStore) => S): S {
    return this.#onDemand.made(() => make(this), make)
  }

  /** The purchase dialog's store (spec §4), made on first use (`useCheckoutStore` suspends until then). */
  checkoutStore(): Promise<CheckoutStore> {
    return this.#checkout.get()
  }

  /**
   * Opens the membership / bean purchase dialog on `tab` (the top bar's badge, the reminders, a short
   * balance, /invited): the checkout store and the dialog's code arrive on this first use.
   */
  async openPurchase(tab: "plan" | "points" = "plan"): Promise<boolean> {
    runInAction(() => {
      this.purchaseWanted = true
    })
    return (await this.checkoutStore()).open(tab)
  }

  /** The personal center's store (/personal/{id?}), made on first use (`usePersonalStore` suspends until then). */
  personalStore(): Promise<PersonalStore> {
    return this.#personal.get()
  }

  /** The circle pages' stores (/community/circle…, assignment-detail, group-detail), made on first use (`useCircleStores` suspends). */
  circleStores(): Promise<CircleStores> {
    return this.#circles.get()
  }

  /** The invite pages' store (/invite-info, /invited), made on first use (`useInviteStore` suspends until then). */
  inviteStore(): Promise<InviteStore> {
    return this.#invite.get()
  }

  /** The community posts' stores (/community, /community-detail/{id}, /community/publish), made on first use (`useCommunityStore` suspends). */
  communityStore(): Promise<CommunityStore> {
    return this.#community.get()
  }

  /** The artwork detail's store (spec §2 dialog, /work-detail), made on first use (`useArtworkDetailStore` suspends). */
  artworkDetailStore(): Promise<ArtworkDetailStore> {
    return this.#artworkDetail.get()
  }

  /** The asset library's store (/property), made on first use (`usePropertyStore` suspends until then). */
  propertyStore(): Promise<PropertyStore> {
    return this.#property.get()
  }

  /** The drawing tasks of the creation pages (issue 14), made on first use (`useGenerationStore` suspends until then). */
  generationStore(): Promise<GenerationStore> {
    return this.#generation.get()
  }

  /** /webui's store (form, catalogue, prefill), made on first use (`useWebuiStore` suspends until then). */
  webuiStore(): Promise<WebuiStore> {
    return this.#webui.get()
  }

  /** /aigc's store (quick and MJ modes), made on first use (`useAigcStore` suspends until then). */
  aigcStore(): Promise<AigcStore> {
    return this.#aigc.get()
  }

  /** The assistant that draws (/intelligent), made on first use (`useAssistantStore` suspends until then). */
  assistantStore(): Promise<AssistantStore> {
    return this.#assistant.get()
  }

  /** The AI tool pages' store (/tools/*, issue 15), made on first use (`useToolStore` suspends until then). */
  toolStore(): Promise<ToolStore> {
    return this.#tools.get()
  }

  /** The fixed notice (spec §2, §4), made on first use (`useFixedNoticeStore` suspends until then). */
  fixedNoticeStore(): Promise<FixedNoticeStore> {
    return this.#fixedNotice.get()
  }

  /** The community feature prompt (spec §2, §4), made on first use (`useFeaturePromptStore` suspends until then). */
  featurePromptStore(): Promise<FeaturePromptStore> {
    return this.#featurePrompt.get()
  }

  /** The activity pages' store (/activity/detail, /activity/boat, /activity/work-detail), made on first use (`useActivityStore` suspends). */
  activityStore(): Promise<ActivityStore> {
    return this.#activity.get()
  }

  /** The special-topic pages' store (/community/special-topic, /activity/special-feature), made on first use. */
  specialTopicStore(): Promise<SpecialTopicStore> {
    return this.#specialTopic.get()
  }

  /** The article pages' stores (editor and article), made on first use (`useArticleEditorStore`, `useArticleStore` suspend). */
  articleStores(): Promise<ArticleStores> {
    return this.#articles.get()
  }

  /** Calls `listener` whenever a call answers -401. */
  onUnauthorized(listener: UnauthorizedListener): Unsubscribe {
    this.#unauthorized.add(listener)
    return () => void this.#unauthorized.delete(listener)
  }

  /** The error policy, for failures the app meets outside the stores. */
  report(error: unknown): void {
    this.#report(error, false)
  }

  start(): void {
    if (this.#started) return
    this.#started = true
    const starting = this.#starts.begin()
    this.runner.begin()
    const attached = this.runner.now(this.#attach())
    if (attached instanceof Promise) void attached.then((disposers) => this.#attached(starting, disposers))
    else this.#attached(starting, attached)
  }

  dispose(): void {
    if (!this.#started) return
    this.#started = false
    this.#starts.cancel()
    this.runner.end()
    for (const dispose of this.#disposers.splice(0)) dispose()
    for (const store of this.#stores) store.dispose?.()
  }

  #register<S extends Store>(store: S): S {
    this.#stores.push(store)
    return store
  }

  /**
   * R8: the ?token= of the address first (a new token also drops the cached user, who may be someone
   * else; the start-up refresh brings the right one), then every store's persisted state and
   * subscriptions.
   */
  #attach(): Effect.Effect<Array<Unsubscribe>, never, CoreServices> {
    const address = this.#host.address
    const stores = this.#stores
    return Effect.gen(function* () {
      if (address !== undefined) {
        const session = yield* Session
        // a valid token replaces the stored one and drops the cached user (acceptUrlToken); never a
        // logout here: that would end the stored session on the server, which may be this very token
        const accepted = yield* session.acceptUrlToken(address.search())
        if (accepted.kind !== "absent") address.replaceSearch(accepted.search)
      }
      return yield* Effect.all(stores.flatMap((store) => (store.start === undefined ? [] : [store.start()])))
    })
  }

  #attached(starting: RequestToken, disposers: Array<Unsubscribe>): void {
    if (!starting.current) {
      for (const dispose of disposers) dispose()
      return
    }
    // a login is complete once the user is known and the start-up's config has settled (the reminders'
    // thresholds are config values, RM5; a first visit with ?token= knows its user before the config);
    // a logout (or -401) as soon as the token is gone
    const watchLogin = reaction(() => this.session.hasUser && this.config.settled, (ready) => ready && this.#afterLogin())
    const watchToken = reaction(() => this.session.isLoggedIn, (loggedIn) => loggedIn || this.#afterLogout())
    this.#disposers = [...disposers, watchLogin, watchToken]
    runInAction(() => {
      this.ready = true
    })
    // deferred, so StrictMode's immediate dispose cancels it before any request is sent
    queueMicrotask(() => void this.#boot(starting))
  }

  /** Spec §7 start-up, once per root store: user refresh and config, then what a login brings. */
  async #boot(starting: RequestToken): Promise<void> {
    if (!starting.current || this.#booted) return
    this.#booted = true
    const result = await this.runner.exit(startApp(""))
    if (Exit.isFailure(result)) {
      // interrupted by dispose: the next start() runs it again
      if (Cause.isInterruptedOnly(result.cause)) this.#booted = false
      else {
        this.config.settle()
        this.runner.reportCause(result.cause)
      }
      return
    }
    // settling the config completes a login already known (the login reaction runs #afterLogin)
    this.config.settle()
  }

  #afterLogin(): void {
    void this.inbox.refreshUnread()
    void this.reminders.check()
  }

  /** R9: after logout or -401 no poller, dialog or private data of the user is left: every store resets. */
  #afterLogout(): void {
    for (const store of this.#stores) store.reset()
  }

  #report(error: unknown, defect: boolean): void {
    if (defect) {
      console.error("unexpected failure", error)
      this.toasts.error(GENERIC_ERROR_TEXT)
      return
    }
    // -401: the core has cleared the token, and the session store has told onUnauthorized already
    if (isUnauthorized(error)) return
    const text = errorText(error)
    if (text !== undefined) this.toasts.error(text)
  }

  /** Parallel calls that all answer -401 make one notification. */
  #notifyUnauthorized(): void {
    if (this.#unauthorizedPending) return
    this.#unauthorizedPending = true
    queueMicrotask(() => {
      this.#unauthorizedPending = false
      for (const listener of [...this.#unauthorized]) listener()
    })
  }
}
