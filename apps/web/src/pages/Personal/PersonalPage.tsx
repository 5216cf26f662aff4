import { usePersonalStore, useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect, useState } from "react"
import { useLocation, useNavigate, useParams } from "react-router-dom"
import { LoginPromptDialog } from "../../components/layout/LoginPromptDialog"
import { Button } from "../../components/ui/Button"
import { EmptyState } from "../../components/ui/EmptyState"
import { Spinner } from "../../components/ui/Spinner"
import { Tabs } from "../../components/ui/Tabs"
import { EditProfileDialog } from "./EditProfileDialog"
import { FollowListTab } from "./FollowListTab"
import { GroupsTab } from "./GroupsTab"
import { PagedGrid } from "./PagedGrid"
import { ArtworkTile, GRID } from "./ArtworkTile"
import { ProfileHeader } from "./ProfileHeader"
import { WorksTab } from "./WorksTab"

const TAB_LABELS = { works: "作品", groups: "作品集", likes: "喜欢", collections: "收藏", following: "关注", followers: "粉丝" } as const

/** /personal/{id?}: a user's personal center; without an id the viewer's own (a visitor is asked to log in). */
export const PersonalPage = observer(function PersonalPage() {
  const store = usePersonalStore()
  const session = useSessionStore()
  const navigate = useNavigate()
  const location = useLocation()
  const { id } = useParams()
  const [loginOpen, setLoginOpen] = useState(false)
  const uid = id !== undefined && /^\d+$/.test(id) ? Number(id) : undefined
  const viewerUid = session.user?.uid
  useEffect(() => {
    void store.open(uid)
  }, [store, uid, viewerUid])

  const needLogin = () => {
    if (session.hasUser) return false
    setLoginOpen(true)
    return true
  }

  if (uid === undefined && !session.hasUser) {
    return (
      <EmptyState className="py-24" icon="user" title="登录后查看个人中心" description="管理你的作品、作品集和关注"
        action={<Button onClick={() => navigate(session.loginHref(location.pathname, location.search))}>去登录</Button>} />
    )
  }
  if (store.profileStatus === "missing") return <EmptyState className="py-24" title="用户不存在或已注销" action={<Button variant="secondary" onClick={() => navigate("/list")}>去灵感广场</Button>} />
  if (store.profile === null) return <div className="flex justify-center py-24"><Spinner label="加载中" /></div>

  const loginFirst = (
    <EmptyState title="登录后查看" description="关注、粉丝和收藏需要登录后查看" action={<Button size="sm" onClick={() => setLoginOpen(true)}>去登录</Button>} />
  )
  const panel = (tab: (typeof store.tabs)[number]) => {
    switch (tab) {
      case "works":
        return <WorksTab store={store} />
      case "groups":
        return <GroupsTab store={store} />
      case "likes":
        return <PagedGrid list={store.likes} keyOf={(work) => work.id} className={GRID} renderItem={(work) => <ArtworkTile work={work} />}
          empty={{ title: store.isSelf ? "还没有喜欢的作品" : "TA 还没有喜欢的作品", description: "在灵感广场给喜欢的作品点个赞吧" }} />
      case "collections":
        return session.hasUser ? <PagedGrid list={store.collections} keyOf={(work) => work.id} className={GRID} renderItem={(work) => <ArtworkTile work={work} />}
          empty={{ title: "还没有收藏", description: "在作品详情里点「收藏」，以后随时回来看" }} /> : loginFirst
      case "following":
        return session.hasUser ? <FollowListTab store={store} list={store.following} fans={false} viewerUid={viewerUid} /> : loginFirst
      case "followers":
        return session.hasUser ? <FollowListTab store={store} list={store.followers} fans viewerUid={viewerUid} /> : loginFirst
    }
  }
  const tabs = store.tabs
  return (
    <div className="mx-auto w-full max-w-[1600px] px-6 py-6">
      <ProfileHeader store={store} onNeedLogin={needLogin} />
      <Tabs
        className="mt-6"
        panelClassName="pt-5"
        selectedIndex={Math.max(0, tabs.indexOf(store.tab))}
        onChange={(index) => store.selectTab(tabs[index] ?? "works")}
        items={tabs.map((tab) => ({ key: tab, label: TAB_LABELS[tab], content: tab === store.tab ? panel(tab) : null }))}
      />
      <EditProfileDialog editor={store.editor} />
      <LoginPromptDialog open={loginOpen} onClose={() => setLoginOpen(false)} />
    </div>
  )
})
