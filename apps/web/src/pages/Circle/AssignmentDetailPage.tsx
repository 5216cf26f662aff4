import { circleDateTimeText, useAssignmentStore, useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect, useState } from "react"
import { Link, useNavigate } from "react-router-dom"
import { LoginPromptDialog } from "../../components/layout/LoginPromptDialog"
import { Avatar } from "../../components/ui/Avatar"
import { Button } from "../../components/ui/Button"
import { EmptyState } from "../../components/ui/EmptyState"
import { Spinner } from "../../components/ui/Spinner"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { Tag } from "../../components/ui/Tag"
import { PagedGrid } from "../Personal/PagedGrid"
import { CirclePostCard } from "./CirclePostCard"
import { useQueryId } from "./useQueryId"
import { WorkPickerDialog } from "./WorkPickerDialog"

const AssignmentView = observer(function AssignmentView({ id }: { id: number }) {
  const store = useAssignmentStore()
  // a login or logout asks again: is_submitted is the viewer's
  const viewer = useSessionStore().user?.uid
  const navigate = useNavigate()
  const [loginOpen, setLoginOpen] = useState(false)
  useEffect(() => {
    void store.open(id)
  }, [store, id, viewer])
  useEffect(() => store.watchClock(), [store])

  const assignment = store.assignment
  if (store.status === "missing") return <EmptyState className="py-24" title="作业不存在或已删除" action={<Button variant="secondary" onClick={() => navigate("/community/circle")}>去发现圈子</Button>} />
  if (assignment === null || assignment.id !== id) return <div className="flex justify-center py-24"><Spinner label="加载中" /></div>
  const deadline = store.deadline
  const openPicker = () => {
    if (store.openPicker() === "login") setLoginOpen(true)
  }
  return (
    <div className="mx-auto flex max-w-[1600px] flex-col gap-6 px-6 py-6">
      <nav className="text-sm text-gray-500">
        <Link to={`/community/circle-detail?id=${assignment.circle_id}`} className="hover:text-brand-600">{assignment.circle_name}</Link>
        <span className="mx-1.5">›</span>作业
      </nav>
      <section className="flex flex-col gap-6 rounded-2xl bg-surface p-6 shadow-sm ring-1 ring-line lg:flex-row" data-testid="assignment-brief">
        {assignment.cover !== null && <img src={assignment.cover} alt="" className="aspect-[4/3] w-full rounded-xl object-cover lg:w-80" />}
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold text-gray-900" data-testid="assignment-title">{assignment.title}</h1>
            <Tag tone={deadline.open ? "success" : "gray"}>{deadline.open ? "进行中" : "已截止"}</Tag>
          </div>
          <p className="flex items-center gap-2 text-sm text-gray-500">
            <Avatar src={assignment.author.avatar} name={assignment.author.nickname} size={24} />
            {assignment.author.nickname} 布置
          </p>
          <p className="whitespace-pre-line text-sm leading-6 text-gray-700" data-testid="assignment-description">{assignment.description}</p>
          <div className="mt-auto flex flex-wrap items-center gap-x-8 gap-y-3 border-t border-line pt-4">
            <div>
              <p className="text-xs text-gray-400">截止时间 {circleDateTimeText(assignment.deadline)}</p>
              <p className={`mt-0.5 text-lg font-semibold ${deadline.open ? "text-brand-600" : "text-gray-400"}`} data-testid="assignment-countdown">{deadline.text}</p>
            </div>
            <div>
              <p className="text-xs text-gray-400">已提交</p>
              <p className="mt-0.5 text-lg font-semibold text-gray-900"><span data-testid="assignment-count">{assignment.submission_count}</span> 份</p>
            </div>
            <div className="ml-auto">
              {assignment.is_submitted
                ? <Button variant="secondary" disabled>已提交</Button>
                : <Button onClick={openPicker} disabled={!deadline.open}>{deadline.open ? "提交作品" : "已截止"}</Button>}
            </div>
          </div>
        </div>
      </section>
      <section aria-labelledby="submissions">
        <h2 id="submissions" className="mb-3 text-lg font-semibold text-gray-900">作业墙</h2>
        <PagedGrid list={store.submissions} keyOf={(post) => post.id} className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
          renderItem={(post) => <CirclePostCard post={post} />} empty={{ title: "还没有人提交作业", description: deadline.open ? "来交第一份作业吧" : undefined }} />
      </section>
      <WorkPickerDialog store={store} />
      <LoginPromptDialog open={loginOpen} onClose={() => setLoginOpen(false)} />
    </div>
  )
})

/** /community/assignment-detail?id=: an assignment of a circle (spec §2). */
export function AssignmentDetailPage() {
  const id = useQueryId()
  if (id === null) return <EmptyState className="py-24" title="作业不存在或已删除" description="链接里缺少作业编号" />
  return <StoreSuspense><AssignmentView id={id} /></StoreSuspense>
}
