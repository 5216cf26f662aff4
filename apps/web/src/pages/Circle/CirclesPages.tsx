import { type Circle, type CircleListParams, type PagedList, useCirclesStore, useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type FormEvent, useEffect, useState } from "react"
import { Link, useNavigate, useSearchParams } from "react-router-dom"
import { LoginPromptDialog } from "../../components/layout/LoginPromptDialog"
import { Button } from "../../components/ui/Button"
import { Icon } from "../../components/ui/Icon"
import { Input } from "../../components/ui/Input"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { Tabs } from "../../components/ui/Tabs"
import { PagedGrid } from "../Personal/PagedGrid"
import { CIRCLE_GRID, CircleCard } from "./CircleCard"

/** A PagedList of circles with the join buttons (a visitor's click asks to log in). */
const CircleGrid = observer(function CircleGrid({ list, empty, onNeedLogin }: { list: PagedList<Circle, number, CircleListParams>; empty: string; onNeedLogin: () => void }) {
  const store = useCirclesStore()
  const toggle = (circle: Circle) => {
    void store.toggleJoin(circle).then((result) => {
      if (result === "login") onNeedLogin()
    })
  }
  return (
    <PagedGrid list={list} keyOf={(circle) => circle.id} className={CIRCLE_GRID} empty={{ title: empty, description: "换个关键词，或者自己创建一个圈子" }}
      renderItem={(circle) => <CircleCard circle={store.view(circle)} busy={store.pending.has(circle.id)} onToggleJoin={toggle} />} />
  )
})

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (keyword: string) => void }) {
  const [keyword, setKeyword] = useState(initial)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearch(keyword.trim())
  }
  return (
    <form role="search" onSubmit={submit} className="flex w-full max-w-md min-w-60 gap-2">
      <Input aria-label="搜索圈子" placeholder="搜索圈子名称" value={keyword} maxLength={20} onChange={(event) => setKeyword(event.target.value)}
        prefix={<Icon name="search" size={16} />} fieldClassName="flex-1" />
      <Button type="submit" variant="secondary">搜索</Button>
    </form>
  )
}

function CreateButton() {
  const navigate = useNavigate()
  return <Button icon={<Icon name="plus" size={16} />} onClick={() => navigate("/community/circle-form")}>创建圈子</Button>
}

/** /community/circle: discover — search, 我加入的 (logged in), 热门圈子 (most members first), join buttons. */
const DiscoverView = observer(function DiscoverView() {
  const store = useCirclesStore()
  const session = useSessionStore()
  const navigate = useNavigate()
  const [loginOpen, setLoginOpen] = useState(false)
  useEffect(() => {
    void store.hot.start()
    if (session.hasUser) void store.joined.start()
  }, [store, session.hasUser])
  return (
    <div className="mx-auto flex max-w-[1600px] flex-col gap-8 px-6 py-6">
      <header className="flex flex-wrap items-end justify-between gap-4 rounded-2xl bg-gradient-to-r from-brand-600 to-brand-400 px-8 py-8 text-white">
        <div>
          <h1 className="text-2xl font-semibold">发现圈子</h1>
          <p className="mt-2 text-sm text-white/80">和同好一起创作、交作业、互相点评</p>
        </div>
        <div className="flex w-full max-w-xl items-center gap-3">
          <div className="flex-1 rounded-xl bg-white/95 p-2 text-gray-900">
            <SearchBox initial="" onSearch={(keyword) => navigate(`/community/circle-list${keyword === "" ? "" : `?q=${encodeURIComponent(keyword)}`}`)} />
          </div>
          <CreateButton />
        </div>
      </header>
      {session.hasUser && (
        <section aria-labelledby="circles-joined">
          <div className="mb-3 flex items-center justify-between">
            <h2 id="circles-joined" className="text-lg font-semibold text-gray-900">我加入的</h2>
            <Link to="/community/circle-list?tab=joined" className="text-sm text-brand-600 hover:underline">全部 ›</Link>
          </div>
          <CircleGrid list={store.joined} empty="还没有加入圈子" onNeedLogin={() => setLoginOpen(true)} />
        </section>
      )}
      <section aria-labelledby="circles-hot">
        <div className="mb-3 flex items-center justify-between">
          <h2 id="circles-hot" className="text-lg font-semibold text-gray-900">热门圈子</h2>
          <Link to="/community/circle-list" className="text-sm text-brand-600 hover:underline">查看全部圈子 ›</Link>
        </div>
        <CircleGrid list={store.hot} empty="还没有圈子" onNeedLogin={() => setLoginOpen(true)} />
      </section>
      <LoginPromptDialog open={loginOpen} onClose={() => setLoginOpen(false)} />
    </div>
  )
})

/** /community/circle-list: every circle paged, or mine (a tab), with a search (`?q=`, `?tab=joined`). */
const ListView = observer(function ListView() {
  const store = useCirclesStore()
  const session = useSessionStore()
  const [search, setSearch] = useSearchParams()
  const [loginOpen, setLoginOpen] = useState(false)
  const keyword = search.get("q") ?? ""
  const scope = search.get("tab") === "joined" && session.hasUser ? "joined" : "all"
  useEffect(() => {
    store.setListParams({ scope, keyword })
    void store.list.start()
  }, [store, scope, keyword])
  const go = (next: { tab?: string; q?: string }) => {
    const params = new URLSearchParams(search)
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined || value === "" || value === "all") params.delete(key)
      else params.set(key, value)
    }
    setSearch(params, { replace: true })
  }
  const grid = <CircleGrid list={store.list} empty={keyword === "" ? (scope === "joined" ? "还没有加入圈子" : "还没有圈子") : `没有找到「${keyword}」相关的圈子`} onNeedLogin={() => setLoginOpen(true)} />
  const tabs = [
    { key: "all", label: "全部圈子", content: grid },
    ...(session.hasUser ? [{ key: "joined", label: "我加入的", content: grid }] : [])
  ]
  return (
    <div className="mx-auto flex max-w-[1600px] flex-col gap-5 px-6 py-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-xl font-semibold text-gray-900">圈子列表</h1>
        <div className="flex flex-1 flex-wrap items-center justify-end gap-3">
          <SearchBox key={keyword} initial={keyword} onSearch={(q) => go({ q })} />
          <CreateButton />
        </div>
      </div>
      <Tabs items={tabs} selectedIndex={scope === "joined" ? 1 : 0} onChange={(index) => go({ tab: tabs[index]?.key ?? "all" })} />
      <LoginPromptDialog open={loginOpen} onClose={() => setLoginOpen(false)} />
    </div>
  )
})

export function CircleDiscoverPage() {
  return <StoreSuspense><DiscoverView /></StoreSuspense>
}

export function CircleListPage() {
  return <StoreSuspense><ListView /></StoreSuspense>
}
