import { MESSAGE_TAB_LABELS, useInboxStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect, useRef } from "react"
import { Badge } from "../ui/Badge"
import { Button } from "../ui/Button"
import { Drawer } from "../ui/Drawer"
import { EmptyState } from "../ui/EmptyState"
import { Spinner } from "../ui/Spinner"
import { Tabs } from "../ui/Tabs"
import { MessageCard } from "./MessageCard"

/** Spec §9: the next page loads 300 px before the end of the list. */
const INFINITE_SCROLL_DISTANCE = 300

/** The four tabs (spec §2), each with its unread count. */
const MessageTabs = observer(function MessageTabs() {
  const inbox = useInboxStore()
  return (
    <Tabs
      label="消息类型"
      listClassName="shrink-0 px-6"
      items={MESSAGE_TAB_LABELS.map(({ key, label }) => ({
        key,
        label,
        extra: <Badge text={inbox.tabBadgeText(key)} label={`${inbox.tabBadgeText(key)} 条未读`} />
      }))}
      selectedIndex={MESSAGE_TAB_LABELS.findIndex(({ key }) => key === inbox.tab)}
      onChange={(index) => {
        const tab = MESSAGE_TAB_LABELS[index]
        if (tab) void inbox.selectTab(tab.key)
      }}
    />
  )
})

/** The tab's messages: pages of 20 loaded on scroll, the empty state, 没有更多了 (spec §4). */
const MessageList = observer(function MessageList({ onNavigate }: { onNavigate: () => void }) {
  const inbox = useInboxStore()
  const list = inbox.messageList
  const scroller = useRef<HTMLDivElement>(null)
  const sentinel = useRef<HTMLDivElement>(null)
  const footer = inbox.footer
  const failed = list.status === "error"
  const count = inbox.messages.length

  useEffect(() => {
    const root = scroller.current
    const target = sentinel.current
    if (root === null || target === null || footer !== "more" || failed || list.pagesLoaded === 0) return
    const watcher = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void inbox.loadMore()
    }, { root, rootMargin: `0px 0px ${INFINITE_SCROLL_DISTANCE}px 0px` })
    watcher.observe(target)
    return () => watcher.disconnect()
  }, [inbox, footer, failed, count, list.pagesLoaded])

  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 })
  }, [inbox.tab])

  return (
    <div ref={scroller} role="tabpanel" className="min-h-0 flex-1 overflow-y-auto px-3 py-2" data-testid="message-list">
      {footer === "empty" ? (
        <EmptyState compact icon="inbox" title="暂无消息" description="有新的系统通知、点赞、关注或提及时会出现在这里" className="py-20" />
      ) : (
        <>
          <div className="flex flex-col gap-1">
            {inbox.messages.map((message) => (
              <MessageCard key={message.id} message={message} onNavigate={onNavigate} />
            ))}
          </div>
          <div ref={sentinel} className="flex h-14 items-center justify-center text-sm text-gray-400">
            {failed ? (
              <Button variant="ghost" size="sm" onClick={() => void list.retry()}>
                加载失败，点击重试
              </Button>
            ) : footer === "end" ? (
              <span>{inbox.footerText}</span>
            ) : (
              <Spinner label="加载中" />
            )}
          </div>
        </>
      )}
    </div>
  )
})

/**
 * The message drawer (spec §2, §4): the bell opens it on 系统 with its first page; tabs 系统 / 点赞 /
 * 关注 / 提及; pages of 20 on scroll, the loaded ones marked read as the next arrives (InboxStore);
 * closing resets page and tab. Rendered by the account overlays' layer.
 */
export const MessageDrawer = observer(function MessageDrawer() {
  const inbox = useInboxStore()
  const close = () => void inbox.closeDrawer()
  return (
    <Drawer open={inbox.isOpen} onClose={close} title="消息中心" width={460} bodyClassName="flex flex-col p-0! overflow-hidden!">
      <MessageTabs />
      <MessageList onNavigate={close} />
    </Drawer>
  )
})
