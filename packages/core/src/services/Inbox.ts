import { Chunk, Context, Effect, Layer, Ref } from "effect"
import type { CallError } from "../api/ApiErrors.js"
import { messageRoutes } from "../api/routes/messageRoutes.js"
import type { Message, MessageType } from "../api/schemas/Message.js"
import type { MessageContent } from "../api/schemas/MessageContent.js"
import {
  canLoadMoreMessages,
  closeMessageDrawer,
  markMessagesRead,
  type MessageDrawerState,
  type MessagePageLoad,
  nextDrawerPage,
  openMessageDrawer,
  receiveMessagePage,
  selectMessageTab,
  unreadMessageIds
} from "../domain/message/messageDrawer.js"
import { hasMoreMessages, MESSAGE_PAGE_SIZE } from "../domain/message/messagePaging.js"
import { parseMessageContent } from "../domain/message/parseMessageContent.js"
import { noUnread, type UnreadCounts } from "../domain/message/unreadCounts.js"
import { ApiClient } from "./ApiClient.js"
import { makeObservable, type Unsubscribe } from "./observable.js"

/** A message of the drawer with its content JSON read (MS1: bad JSON gives empty fields, parsed false). */
export type InboxMessage = Message & { readonly parsed: MessageContent }

/** One page of one tab, and the already loaded messages its loading marked read (spec §4). */
export type InboxPage = MessagePageLoad<InboxMessage>

export type InboxDrawer = MessageDrawerState<InboxMessage>

/** The read call takes at most this many ids at once (MarkReadPayload). */
const MARK_READ_BATCH = 100

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

const withParsedContent = (message: Message): InboxMessage => ({ ...message, parsed: parseMessageContent(message.content) })

type LoadedPages = ReadonlyMap<number, ReadonlyArray<InboxMessage>>

export const InboxLive = Layer.effect(
  Inbox,
  Effect.gen(function* () {
    const api = yield* ApiClient
    const counts = makeObservable<UnreadCounts>(noUnread)
    // the pages served per tab since its page 1: what "already loaded" means for the next page
    const loaded = yield* Ref.make<ReadonlyMap<MessageType, LoadedPages>>(new Map())

    const unreadCounts = Effect.tap(api.call(messageRoutes.unreadCount, {}), (fresh) => Effect.sync(() => counts.publish(fresh)))

    const markBatch = (ids: ReadonlyArray<number>) =>
      api.call(messageRoutes.read, { ids }).pipe(
        Effect.tap((result) => Effect.sync(() => counts.publish(result.unread))),
        Effect.as(ids),
        Effect.catchAll((error) =>
          Effect.as(Effect.logWarning(`could not mark ${ids.length} messages read: ${error._tag}`), [] as ReadonlyArray<number>))
      )

    const markRead = (ids: ReadonlyArray<number>) =>
      Effect.map(
        Effect.forEach(Chunk.chunksOf(Chunk.fromIterable(ids), MARK_READ_BATCH), (batch) => markBatch(Chunk.toReadonlyArray(batch))),
        (done) => done.flat()
      )

    const page = (type: MessageType, pageNumber: number): Effect.Effect<InboxPage, CallError> =>
      Effect.gen(function* () {
        const data = yield* api.call(messageRoutes.list, { type, page: pageNumber, size: MESSAGE_PAGE_SIZE })
        const list = data.list.map(withParsedContent)
        const before = pageNumber === 1 ? [] : [...((yield* Ref.get(loaded)).get(type) ?? new Map<number, ReadonlyArray<InboxMessage>>())]
          .filter(([number]) => number < pageNumber)
        const markedRead = yield* markRead(unreadMessageIds(before.flatMap(([, messages]) => messages)))
        const pages = new Map(before.map(([number, messages]) => [number, markMessagesRead(messages, markedRead)] as const))
        pages.set(pageNumber, list)
        yield* Ref.update(loaded, (all) => new Map(all).set(type, pages))
        return { type, page: pageNumber, list, total: data.total, markedRead }
      })

    const unreadLoaded = (pages: LoadedPages | undefined) => unreadMessageIds([...(pages?.values() ?? [])].flat())

    const leaveTab = (type: MessageType) =>
      Effect.flatMap(
        Ref.modify(loaded, (all) => {
          const rest = new Map(all)
          rest.delete(type)
          return [all.get(type), rest] as const
        }),
        (pages) => markRead(unreadLoaded(pages))
      )

    const closeDrawer = Effect.flatMap(Ref.getAndSet(loaded, new Map()), (all) =>
      Effect.as(markRead([...all.values()].flatMap(unreadLoaded)), closeMessageDrawer<InboxMessage>()))

    const loadNext = (state: InboxDrawer) =>
      Effect.map(page(state.tab, nextDrawerPage(state)), (load) => receiveMessagePage(state, load))

    return Inbox.of({
      unreadCounts,
      unread: Effect.sync(counts.get),
      subscribe: counts.subscribe,
      page,
      hasMore: hasMoreMessages,
      openDrawer: Effect.suspend(() => loadNext(openMessageDrawer<InboxMessage>())),
      selectTab: (state, tab) => {
        const next = selectMessageTab(state, tab)
        if (!next.open || (next === state && state.page > 0)) return Effect.succeed(next)
        return next.tab === state.tab ? loadNext(next) : Effect.zipRight(leaveTab(state.tab), loadNext(next))
      },
      loadMore: (state) => (canLoadMoreMessages(state) ? loadNext(state) : Effect.succeed(state)),
      leaveTab,
      closeDrawer
    })
  })
)
