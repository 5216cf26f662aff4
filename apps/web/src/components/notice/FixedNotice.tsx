import { useFixedNoticeStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Suspense, useEffect, useRef, useState } from "react"
import { Badge } from "../ui/Badge"
import { cx } from "../ui/cx"
import { Icon } from "../ui/Icon"
import { FixedNoticeDialog } from "./FixedNoticeDialog"

/** Spec §9: the cards slide in one at a time, 200 ms apart. */
const CARD_STAGGER_MS = 200

type Card = ReturnType<typeof useFixedNoticeStore>["messages"][number]

/** One card: it slides in after the ones above it (its delay) and opens its dialog. */
function NoticeCard({ message, index, onOpen }: { message: Card; index: number; onOpen: () => void }) {
  const [entered, setEntered] = useState(false)
  useEffect(() => {
    const frame = requestAnimationFrame(() => setEntered(true))
    return () => cancelAnimationFrame(frame)
  }, [])
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="notice-card"
      style={{ transitionDelay: `${index * CARD_STAGGER_MS}ms` }}
      className={cx(
        "flex w-80 items-center gap-3 rounded-xl bg-surface p-3 text-left shadow-lg ring-1 ring-line transition duration-300 ease-out hover:ring-brand-300",
        entered ? "translate-x-0 opacity-100" : "translate-x-10 opacity-0"
      )}
    >
      <span
        className={cx(
          "flex size-10 shrink-0 items-center justify-center rounded-full",
          message.variant === 1 ? "bg-success-100 text-success-700" : "bg-bean-100 text-bean-700"
        )}
      >
        <Icon name={message.variant === 1 ? "gift" : "crown"} size={20} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-base font-medium text-gray-900">{message.title}</span>
        <span className="line-clamp-2 text-sm text-gray-500">{message.summary}</span>
      </span>
      <Icon name="chevron-right" size={16} className="shrink-0 text-gray-400" />
    </button>
  )
}

/**
 * The fixed notice (spec §2, §4): a floating gift button in the bottom-right corner with a red badge
 * of pending cards, only for an invited user (FN1). A click slides the cards in, 200 ms apart, and
 * marks them read; a click outside hides them; a card opens its dialog (FixedNoticeDialog).
 */
const FixedNoticeView = observer(function FixedNoticeView() {
  const notice = useFixedNoticeStore()
  const panel = useRef<HTMLDivElement>(null)
  const open = notice.panelOpen

  useEffect(() => {
    if (!open) return
    const outside = (event: PointerEvent) => {
      if (panel.current !== null && !panel.current.contains(event.target as Node)) notice.hidePanel()
    }
    document.addEventListener("pointerdown", outside)
    return () => document.removeEventListener("pointerdown", outside)
  }, [open, notice])

  return (
    <>
      {notice.visible ? (
        <div ref={panel} className="fixed right-6 bottom-8 z-40 flex flex-col items-end gap-3" data-testid="fixed-notice">
          {open ? (
            <div className="flex flex-col items-end gap-2" role="list" aria-label="福利消息">
              {notice.messages.map((message, index) => (
                <div role="listitem" key={message.id}>
                  <NoticeCard message={message} index={index} onOpen={() => notice.openDialog(message)} />
                </div>
              ))}
            </div>
          ) : null}
          <button
            type="button"
            onClick={notice.togglePanel}
            aria-expanded={open}
            aria-label={notice.badgeText === "" ? notice.texts.button : `${notice.texts.button}，${notice.badgeText} 条未读`}
            data-testid="fixed-notice-button"
            className="flex size-14 items-center justify-center rounded-full bg-linear-to-br from-danger-500 to-bean-500 text-white shadow-lg transition hover:scale-105 active:scale-95"
          >
            <Badge text={notice.badgeText} label={`${notice.badgeText} 条未读`}>
              <Icon name="gift" size={26} />
            </Badge>
          </button>
        </div>
      ) : null}
      <FixedNoticeDialog />
    </>
  )
})

/** The fixed notice's slot in the account overlays' layer; its store arrives with the layer. */
export function FixedNotice() {
  return (
    <Suspense fallback={null}>
      <FixedNoticeView />
    </Suspense>
  )
}
