import { type Assignment, CIRCLE_ROLE_LABELS, circleDateTimeText, circleTimeText, useCircleDetailStore, usePagedList, useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect, useState } from "react"
import { Link, useNavigate } from "react-router-dom"
import { LoginPromptDialog } from "../../components/layout/LoginPromptDialog"
import { Avatar } from "../../components/ui/Avatar"
import { Button } from "../../components/ui/Button"
import { EmptyState } from "../../components/ui/EmptyState"
import { Spinner } from "../../components/ui/Spinner"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { Tabs } from "../../components/ui/Tabs"
import { Tag } from "../../components/ui/Tag"
import { PagedGrid } from "../Personal/PagedGrid"
import { CircleHeader } from "./CircleHeader"
import { CirclePostCard } from "./CirclePostCard"
import { useQueryId } from "./useQueryId"

const TABS = ["posts", "members", "assignments"] as const

function AssignmentRow({ assignment }: { assignment: Assignment }) {
  const closed = assignment.deadline * 1000 <= Date.now()
  return (
    <Link to={`/community/assignment-detail?id=${assignment.id}`} className="flex items-center gap-4 rounded-xl bg-surface p-4 shadow-sm ring-1 ring-line transition hover:ring-brand-300" data-testid="assignment-row">
      {assignment.cover !== null && <img src={assignment.cover} alt="" loading="lazy" className="h-16 w-24 shrink-0 rounded-lg object-cover" />}
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <h3 className="truncate font-medium text-gray-900">{assignment.title}</h3>
          <Tag size="xs" tone={closed ? "gray" : "success"}>{closed ? "已截止" : "进行中"}</Tag>
          {assignment.is_submitted && <Tag size="xs" tone="brand">已提交</Tag>}
        </div>
        <p className="mt-1 line-clamp-1 text-sm text-gray-500">{assignment.description}</p>
      </div>
      <div className="shrink-0 text-right text-xs text-gray-400">
        <p>截止 {circleDateTimeText(assignment.deadline)}</p>
        <p className="mt-1">{assignment.submission_count} 份作业</p>
      </div>
    </Link>
  )
}

const TabLabel = observer(function TabLabel({ label, total }: { label: string; total: number | undefined }) {
  return <span>{label}{total !== undefined && total > 0 ? ` ${total}` : ""}</span>
})

const DetailView = observer(function DetailView({ id }: { id: number }) {
  const store = useCircleDetailStore()
  // a login or logout asks again: is_joined and is_owner are the viewer's
  const viewer = useSessionStore().user?.uid
  const navigate = useNavigate()
  const [loginOpen, setLoginOpen] = useState(false)
  const members = usePagedList(store.members)
  const assignments = usePagedList(store.assignments)
  useEffect(() => {
    void store.open(id)
  }, [store, id, viewer])

  if (store.status === "missing") return <EmptyState className="py-24" title="圈子不存在或已解散" action={<Button variant="secondary" onClick={() => navigate("/community/circle")}>去发现圈子</Button>} />
  if (store.circle === null || store.circle.id !== id) return <div className="flex justify-center py-24"><Spinner label="加载中" /></div>

  const items = [
    {
      key: "posts",
      label: "动态",
      content: <PagedGrid list={store.posts} keyOf={(post) => post.id} className="grid grid-cols-1 items-start gap-4 md:grid-cols-2 xl:grid-cols-3"
        renderItem={(post) => <CirclePostCard post={post} />} empty={{ title: "圈子里还没有动态", description: "加入圈子，发布第一条动态吧" }} />
    },
    {
      key: "members",
      label: <TabLabel label="成员" total={members.total} />,
      content: <PagedGrid list={store.members} keyOf={(member) => member.user.uid} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        empty={{ title: "还没有成员" }}
        renderItem={(member) => (
          <Link to={`/personal/${member.user.uid}`} className="flex items-center gap-3 rounded-xl bg-surface p-3 shadow-sm ring-1 ring-line hover:ring-brand-300" data-testid="circle-member">
            <Avatar src={member.user.avatar} name={member.user.nickname} size={44} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-gray-900" data-testid="member-name">{member.user.nickname}</p>
              <p className="text-xs text-gray-400">{circleTimeText(member.joined_at)}加入</p>
            </div>
            {member.role !== "member" && <Tag size="xs" tone={member.role === "owner" ? "bean" : "brand"}>{CIRCLE_ROLE_LABELS[member.role]}</Tag>}
          </Link>
        )} />
    },
    {
      key: "assignments",
      label: <TabLabel label="作业" total={assignments.total} />,
      content: <PagedGrid list={store.assignments} keyOf={(assignment) => assignment.id} className="flex flex-col gap-3"
        renderItem={(assignment) => <AssignmentRow assignment={assignment} />} empty={{ title: "圈主还没有布置作业" }} />
    }
  ]
  return (
    <div className="mx-auto flex max-w-[1600px] flex-col gap-6 px-6 py-6">
      <CircleHeader store={store} onNeedLogin={() => setLoginOpen(true)} />
      <Tabs items={items} selectedIndex={TABS.indexOf(store.tab)} onChange={(index) => store.selectTab(TABS[index] ?? "posts")} />
      <LoginPromptDialog open={loginOpen} onClose={() => setLoginOpen(false)} />
    </div>
  )
})

/** /community/circle-detail?id=: a circle's page (spec §2). */
export function CircleDetailPage() {
  const id = useQueryId()
  if (id === null) return <EmptyState className="py-24" title="圈子不存在或已解散" description="链接里缺少圈子编号" />
  return <StoreSuspense><DetailView id={id} /></StoreSuspense>
}
