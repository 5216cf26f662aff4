import { REVIEW_KINDS, type ReviewItem, reviewKindName, type ReviewStore } from "@mido/react/admin"
import { observer } from "mobx-react-lite"
import { useEffect, useState } from "react"
import { Button } from "../../../components/ui/Button"
import { EmptyState } from "../../../components/ui/EmptyState"
import { Tabs } from "../../../components/ui/Tabs"
import { Pager } from "./Pager"
import { REJECT_PRESETS, ReasonDialog, type ReasonRequest, TAKEDOWN_PRESETS } from "./ReasonDialog"
import { ReviewItemCard } from "./ReviewItemCard"

/** 审核: the queue by kind, oldest waiting first; 通过, 驳回 (works in review) and 下架 (published content). */
export const ReviewQueueView = observer(function ReviewQueueView({ store }: { store: ReviewStore }) {
  const [asking, setAsking] = useState<ReasonRequest | null>(null)
  useEffect(() => void store.load(), [store])
  const name = reviewKindName(store.kind)
  const actionsOf = (item: ReviewItem) => {
    const busy = store.busyId === `${item.kind}:${item.id}`
    return (
      <>
        <Button size="sm" loading={busy} onClick={() => void store.approve(item)}>通过</Button>
        {item.kind === "artwork"
          ? (
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => setAsking({ title: "驳回作品", action: "驳回", presets: REJECT_PRESETS, send: (reason) => store.reject(item, reason) })}>
              驳回
            </Button>
          )
          : (
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => setAsking({ title: `下架${name}`, action: "下架", presets: TAKEDOWN_PRESETS, send: (reason) => store.takeDown(item, reason) })}>
              下架
            </Button>
          )}
      </>
    )
  }
  return (
    <section aria-labelledby="review-title" aria-busy={store.loading} className="space-y-4">
      <header className="flex items-baseline justify-between gap-4">
        <h1 id="review-title" className="text-xl font-semibold text-gray-900">内容审核</h1>
        <p className="text-sm text-gray-500">先提交的先审；作品通过后发布到灵感广场，帖子、评论、文章已公开，下架后从社区移除</p>
      </header>
      <Tabs
        variant="line"
        selectedIndex={REVIEW_KINDS.indexOf(store.kind)}
        onChange={(index) => void store.showKind(REVIEW_KINDS[index]!)}
        items={REVIEW_KINDS.map((kind) => ({ key: kind, label: `${reviewKindName(kind)}（${store.waiting[kind]}）` }))}
      />
      {store.items.length === 0 && !store.loading
        ? <EmptyState title={`没有待审核的${name}`} description="新提交的内容会出现在这里" />
        : (
          <div className="space-y-3">
            {store.items.map((item) => <ReviewItemCard key={`${item.kind}:${item.id}`} item={item} actions={actionsOf(item)} />)}
          </div>
        )}
      <Pager page={store.page} pageCount={store.pageCount} total={store.total} onPage={(page) => void store.showPage(page)} />
      <ReasonDialog request={asking} onClose={() => setAsking(null)} />
    </section>
  )
})
