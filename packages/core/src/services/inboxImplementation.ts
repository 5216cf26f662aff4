import { Chunk, Effect, Ref } from "effect"
import type { CallError } from "../api/ApiErrors.js"
import { messageRoutes } from "../api/routes/messageRoutes.js"
import type { Message, MessageType } from "../api/schemas/Message.js"
import {
  canLoadMoreMessages,
  closeMessageDrawer,
  markMessagesRead,
  nextDrawerPage,
  openMessageDrawer,
  receiveMessagePage,
  selectMessageTab,
  unreadMessageIds
} from "../domain/message/messageDrawer.js"
import { hasMoreMessages, MESSAGE_PAGE_SIZE } from "../domain/message/messagePaging.js"
import { parseMessageContent } from "../domain/message/parseMessageContent.js"
import type { UnreadCounts } from "../domain/message/unreadCounts.js"
import type { ApiClientShape } from "./ApiClient.js"
import type { InboxDrawer, InboxMessage, InboxPage, InboxShape } from "./Inbox.js"
import type { Observable } from "./observable.js"

/** What Inbox works with: the client, and the counts the facade (InboxLive) keeps and publishes. */
export interface InboxDependencies {
  readonly api: ApiClientShape
  readonly counts: Observable<UnreadCounts>
}

/** The read call takes at most this many ids at once (MarkReadPayload). */
const MARK_READ_BATCH = 100

const withParsedContent = (message: Message): InboxMessage => ({ ...message, parsed: parseMessageContent(message.content) })

type LoadedPages = ReadonlyMap<number, ReadonlyArray<InboxMessage>>

/** Inbox's implementation (see InboxShape), loaded on first use with the other deferred services. */
export const makeInbox = ({ api, counts }: InboxDependencies): InboxShape => {
  // the pages served per tab since its page 1: what "already loaded" means for the next page
  const loaded = Ref.unsafeMake<ReadonlyMap<MessageType, LoadedPages>>(new Map())

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

  return {
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
  }
}
