import { Context, Effect, Layer } from "effect"
import type { CallError } from "../api/ApiErrors.js"
import type { Message, MessageType } from "../api/schemas/Message.js"
import type { MessageContent } from "../api/schemas/MessageContent.js"
import { closeMessageDrawer, type MessageDrawerState, type MessagePageLoad } from "../domain/message/messageDrawer.js"
import { hasMoreMessages } from "../domain/message/messagePaging.js"
import { noUnread, type UnreadCounts } from "../domain/message/unreadCounts.js"
import { ApiClient } from "./ApiClient.js"
import { deferredFacade, type DeferredMembers } from "./deferredService.js"
import { makeObservable, type Observable, type Unsubscribe } from "./observable.js"
import { onFirstUse } from "./onFirstUse.js"

/** A message of the drawer with its content JSON read (MS1: bad JSON gives empty fields, parsed false). */
export type InboxMessage = Message & { readonly parsed: MessageContent }

/** One page of one tab, and the already loaded messages its loading marked read (spec §4). */
export type InboxPage = MessagePageLoad<InboxMessage>

export type InboxDrawer = MessageDrawerState<InboxMessage>

export interface InboxShape {
  /** GET unread_count (spec §7): the total and per tab; the answer also becomes `unread`. */
  readonly unreadCounts: Effect.Effect<UnreadCounts, CallError>
  /** The last counts known: from unread_count or from marking read; all 0 before the first. */
  readonly unread: Effect.Effect<UnreadCounts>
  /** Calls `listener` after every change of the counts, for the bell and the gift badge (99+, spec §9). */
  readonly subscribe: (listener: (counts: UnreadCounts) => void) => Unsubscribe
  /**
   * Page `page` (1-based, 20 a page) of one tab. When a later page (> 1) loads, the unread messages of
   * the pages before it of that tab, as this service served them, are marked read and the counts
   * follow the read call's answer. Marking is best effort: a failure is logged, the page still shows.
   */
  readonly page: (type: MessageType, page: number) => Effect.Effect<InboxPage, CallError>
  /** More pages while fewer are loaded than the total (MS4). */
  readonly hasMore: (loaded: number, total: number) => boolean
  /** The bell: opens on the system tab and loads its first page (spec §4). */
  readonly openDrawer: Effect.Effect<InboxDrawer, CallError>
  /** Another tab: starts over at its first page; the tab already shown is left as it is (unless empty). */
  readonly selectTab: (state: InboxDrawer, tab: MessageType) => Effect.Effect<InboxDrawer, CallError>
  /** Scrolled to the end: the next page, marking the loaded ones read; nothing when all are loaded. */
  readonly loadMore: (state: InboxDrawer) => Effect.Effect<InboxDrawer, CallError>
  /**
   * MD6: the user leaves a tab (another tab chosen): its loaded messages that are still unread are
   * marked read, the counts follow the answer, and the tab counts as not loaded. Answers the ids
   * marked. Best effort like `page`'s marking.
   */
  readonly leaveTab: (type: MessageType) => Effect.Effect<ReadonlyArray<number>>
  /** Closing resets page and tab: what was loaded and is still unread is marked read (MD6), then forgotten. */
  readonly closeDrawer: Effect.Effect<InboxDrawer>
}

export class Inbox extends Context.Tag("@mido/core/Inbox")<Inbox, InboxShape>() {}

/**
 * How each member answers before the code is there (ADR 0030). The counts live here, so the bell's
 * badge reads and follows them at once; what calls waits for the code. Leaving a tab or closing the
 * drawer before the code came had loaded nothing to mark read: nothing is marked.
 */
export const inboxMembers = (counts: Observable<UnreadCounts>): DeferredMembers<InboxShape> => ({
  unreadCounts: "effect",
  unread: { atOnce: Effect.sync(counts.get) },
  subscribe: { atOnce: counts.subscribe },
  page: "call",
  hasMore: { atOnce: hasMoreMessages },
  openDrawer: "effect",
  selectTab: "call",
  loadMore: "call",
  leaveTab: { offline: () => Effect.succeed([]) },
  closeDrawer: {
    custom: (implementation) =>
      Effect.matchEffect(implementation, { onFailure: () => Effect.succeed(closeMessageDrawer<InboxMessage>()), onSuccess: (inbox) => inbox.closeDrawer })
  }
})

/**
 * The messages (spec §4): the counts are kept at start; the code of the drawer and its calls is
 * fetched on first use with the other deferred services (deferredImplementations.ts).
 */
export const InboxLive = Layer.effect(
  Inbox,
  Effect.map(ApiClient, (api) => {
    const counts = makeObservable<UnreadCounts>(noUnread)
    const implementation = onFirstUse("Inbox", () => import("./deferredImplementations.js").then((code) => code.makeInbox({ api, counts })))
    return deferredFacade(inboxMembers(counts), implementation)
  })
)
