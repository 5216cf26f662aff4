import { ledgerLineOf, usePagedList, useWalletStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect, useRef } from "react"
import { Button } from "../ui/Button"
import { cx } from "../ui/cx"
import { Dialog } from "../ui/Dialog"
import { EmptyState } from "../ui/EmptyState"
import { Icon } from "../ui/Icon"
import { Spinner } from "../ui/Spinner"
import { Tabs } from "../ui/Tabs"

/** Spec §9: the next page loads 300 px before the end of the list. */
const INFINITE_SCROLL_DISTANCE = 300

type LedgerTab = ReturnType<typeof useWalletStore>["ledgerTab"]

const TABS: ReadonlyArray<{ readonly key: LedgerTab; readonly label: string }> = [
  { key: "all", label: "全部" },
  { key: "income", label: "收入" },
  { key: "expense", label: "支出" }
]

const TONE = { income: "text-success-600", expense: "text-danger-600", zero: "text-gray-500" } as const

/**
 * The bean detail (米豆明细) dialog of spec §2: the balance, the 全部 / 收入 / 支出 filter, pages of 50
 * loaded as the list scrolls (§9), signed amounts in colour, remarks and times (LG1–LG3), the empty
 * state and 没有更多了. Opened by the top bar's balance; everything is WalletStore's.
 */
export const LedgerDialog = observer(function LedgerDialog() {
  const wallet = useWalletStore()
  return (
    <Dialog open={wallet.ledgerOpen} onClose={wallet.closeLedger} title="米豆明细" width={560} bodyClassName="px-0 pb-2">
      {wallet.ledgerOpen ? <LedgerBody /> : null}
    </Dialog>
  )
})

const LedgerBody = observer(function LedgerBody() {
  const wallet = useWalletStore()
  const view = usePagedList(wallet.ledger)
  const scroller = useRef<HTMLDivElement>(null)
  const sentinel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const target = sentinel.current
    if (target === null || !view.hasMore || view.status !== "ready") return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void wallet.loadMoreLedger()
    }, { root: scroller.current, rootMargin: `0px 0px ${INFINITE_SCROLL_DISTANCE}px 0px` })
    observer.observe(target)
    return () => observer.disconnect()
  }, [wallet, view.hasMore, view.status, view.items.length])
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 })
  }, [wallet.ledgerTab])

  const now = Date.now()
  return (
    <div className="flex flex-col">
      <div className="flex items-center justify-between gap-4 px-6 pb-4">
        <p className="flex items-center gap-1.5 text-sm text-gray-600">
          <Icon name="bean" size={16} className="text-bean-600" />
          当前余额
          <span className="text-lg font-semibold text-bean-800" data-testid="ledger-balance">
            {wallet.balance === null ? "—" : wallet.balance.balance.toLocaleString("zh-CN")}
          </span>
          米豆
        </p>
        <Tabs
          variant="pill"
          size="sm"
          label="明细类型"
          items={TABS}
          selectedIndex={TABS.findIndex((item) => item.key === wallet.ledgerTab)}
          onChange={(index) => {
            const item = TABS[index]
            if (item) void wallet.selectLedgerTab(item.key)
          }}
        />
      </div>
      <div ref={scroller} className="h-[min(60vh,520px)] overflow-y-auto border-t border-line" data-testid="ledger-list">
        {view.isEmpty ? (
          <EmptyState compact icon="bean" title="暂无明细" description="购买米豆、开通会员或邀请好友后，米豆的每一笔收支都会记在这里。" className="h-full" />
        ) : (
          <ul className="divide-y divide-line">
            {view.items.map((entry) => {
              const line = ledgerLineOf(entry, now)
              return (
                <li key={entry.id} className="flex items-center gap-4 px-6 py-3" data-testid="ledger-entry">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-base text-gray-900">{entry.remark}</p>
                    <p className="mt-0.5 text-xs text-gray-500" title={entry.created_at_str}>
                      {line.timeText}
                    </p>
                  </div>
                  <span className={cx("shrink-0 text-base font-semibold tabular-nums", TONE[line.tone])} data-tone={line.tone}>
                    {line.amountText}
                  </span>
                </li>
              )
            })}
          </ul>
        )}
        {view.isEmpty ? null : (
          <div ref={sentinel} className="flex h-12 items-center justify-center text-sm text-gray-500">
            {view.status === "loading" && <Spinner label="加载中" />}
            {view.status === "error" && (
              <Button variant="ghost" size="sm" onClick={() => void wallet.ledger.retry()}>
                加载失败，点击重试
              </Button>
            )}
            {view.isEnd && <span>没有更多了</span>}
          </div>
        )}
      </div>
    </div>
  )
})
