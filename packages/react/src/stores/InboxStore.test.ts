import { parseMessageContent } from "@mido/core/account"
import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it } from "vitest"
import { message, startupAnswers } from "../../test/fixtures.js"
import { loggedIn, makeWorld, type World } from "../../test/world.js"
import { MESSAGE_TAB_LABELS, messageLinkOf, messageTimeText } from "./messageCards.js"

let world: World | undefined
const open = (options: Parameters<typeof makeWorld>[0]) => (world = makeWorld(options))
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const LIST = "/api/v1/user/message/list"
const READ = "/api/v1/user/message/read"
const UNREAD = "/api/v1/user/message/unread_count"
const answers = {
  ...startupAnswers,
  [UNREAD]: () => envelope(0, { total: 120, system: 100, like: 20, follow: 0, mention: 0 }),
  [LIST]: (request: { query?: Readonly<Record<string, unknown>> }) => {
    const page = Number(request.query?.page)
    const base = request.query?.type === "like" ? 1000 : 0
    const ids = Array.from({ length: 20 }, (_, index) => base + (page - 1) * 20 + index + 1).filter((id) => id - base <= 30)
    return envelope(0, { list: ids.map((id) => message(id, String(request.query?.type))), total: 30 })
  },
  [READ]: () => envelope(0, { updated: 20, unread: { total: 100, system: 80, like: 20, follow: 0, mention: 0 } })
}

describe("InboxStore: unread counts and the message drawer (spec §2, §4)", () => {
  it("what a card shows: the tabs in order with their unread badges, links only through MS2, times by the core's formatter", async () => {
    const { store, boot } = open({ answers, stored: loggedIn() })
    await boot()
    expect(MESSAGE_TAB_LABELS.map((tab) => tab.label)).toEqual(["系统", "点赞", "关注", "提及"])
    expect(["system", "like", "follow", "mention"].map((tab) => store.inbox.tabBadgeText(tab as "system"))).toEqual(["99+", "20", "", ""])
    const withLink = (jump_url: string) => ({ ...message(1), parsed: { ...parseMessageContent(JSON.stringify({ jump_url })) } }) as never
    expect(messageLinkOf(withLink("/community?tab=hot"))).toEqual({ kind: "internal", path: "/community?tab=hot" })
    expect(messageLinkOf(withLink("https://help.mido.example.com/a"))).toEqual({ kind: "external", href: "https://help.mido.example.com/a" })
    expect(messageLinkOf(withLink("javascript://%0aalert(1)"))).toEqual({ kind: "none" })
    expect(messageTimeText({ ...message(1), created_at: 1_790_000_000 } as never, 1_790_000_030_000)).toBe("刚刚")
  })

  it("the counts arrive after start-up with the badge rule (99+)", async () => {
    const { store, boot } = open({ answers, stored: loggedIn() })
    await boot()
    expect(store.inbox.unread.total).toBe(120)
    expect(store.inbox.badgeText).toBe("99+")
  })

  it("opens on system, switches tabs, loads more (marking the loaded ones read), closes reset", async () => {
    const { store, boot, calls } = open({ answers, stored: loggedIn() })
    await boot()
    const opening = store.inbox.openDrawer()
    expect(store.inbox.isOpen).toBe(true)
    await opening
    expect(store.inbox.tab).toBe("system")
    expect(store.inbox.messages).toHaveLength(20)
    expect(store.inbox.footer).toBe("more")

    await store.inbox.loadMore()
    expect(store.inbox.messages).toHaveLength(30)
    expect(store.inbox.footerText).toBe("没有更多了")
    expect(calls(READ)).toHaveLength(1)
    expect(store.inbox.unread.total).toBe(100)
    expect(store.inbox.messages.slice(0, 20).every((item) => item.is_read === 1)).toBe(true)

    await store.inbox.selectTab("like")
    expect(store.inbox.tab).toBe("like")
    expect(store.inbox.messages[0]?.id).toBe(1001)

    await store.inbox.closeDrawer()
    expect({ open: store.inbox.isOpen, tab: store.inbox.tab, pages: store.inbox.messageList.pagesLoaded, list: store.inbox.messages })
      .toEqual({ open: false, tab: "system", pages: 0, list: [] })
  })

  it("MD6: leaving a tab, then closing, marks what each showed; the bell and the tab badges follow each answer", async () => {
    const left = { total: 20, system: 0, like: 20, follow: 0, mention: 0 }
    const none = { total: 0, system: 0, like: 0, follow: 0, mention: 0 }
    const { store, boot, calls, server } = open({ answers, stored: loggedIn() })
    await boot()
    await store.inbox.openDrawer()
    server[READ] = () => envelope(0, { updated: 20, unread: left })
    await store.inbox.selectTab("like")
    expect(calls(READ).map((call) => call.body)).toEqual([{ kind: "json", value: { ids: Array.from({ length: 20 }, (_, index) => index + 1) } }])
    expect([store.inbox.badgeText, store.inbox.tabBadgeText("system"), store.inbox.tabBadgeText("like")]).toEqual(["20", "", "20"])

    server[READ] = () => envelope(0, { updated: 20, unread: none })
    await store.inbox.closeDrawer()
    expect(calls(READ)).toHaveLength(2)
    expect([store.inbox.badgeText, store.inbox.tabBadgeText("like")]).toEqual(["", ""])
  })

  it("a page that arrives after the drawer closed is dropped", async () => {
    const { store, boot } = open({ answers, stored: loggedIn() })
    await boot()
    const opening = store.inbox.openDrawer()
    await store.inbox.closeDrawer()
    await opening
    expect(store.inbox.isOpen).toBe(false)
    expect(store.inbox.messages).toEqual([])
  })

  it("a failed page shows the server's msg; -401 logs out without a toast and forgets the counts", async () => {
    const { store, boot, server, toasts, unauthorized } = open({ answers: { ...answers, [LIST]: () => envelope(5002, null, "消息服务繁忙") }, stored: loggedIn() })
    await boot()
    await store.inbox.openDrawer()
    expect(toasts()).toEqual(["error:消息服务繁忙"])
    expect(store.inbox.loading).toBe(false)

    server[UNREAD] = () => envelope(-401, null, "请先登录")
    expect(await store.inbox.refreshUnread()).toBe(false)
    expect(toasts()).toEqual(["error:消息服务繁忙"])
    expect(unauthorized).toHaveBeenCalledTimes(1)
    expect(store.inbox.unread.total).toBe(0)
    expect(store.inbox.isOpen).toBe(false)
  })
})
