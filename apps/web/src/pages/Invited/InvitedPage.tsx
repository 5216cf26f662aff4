import { useInviteStore, useRootStore, useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type ReactNode, useEffect } from "react"
import { useLocation, useNavigate, useSearchParams } from "react-router-dom"
import { Avatar } from "../../components/ui/Avatar"
import { Button } from "../../components/ui/Button"
import { EmptyState } from "../../components/ui/EmptyState"
import { Icon } from "../../components/ui/Icon"
import { Spinner } from "../../components/ui/Spinner"
import { StoreSuspense } from "../../components/ui/StoreSuspense"

/**
 * /invited?code= (spec §2; the fixed notice's variant 2 opens it): who invites, the invited users'
 * member discount, and a way on: log in (the guard has kept the code, and the login sends it, spec §5)
 * or, logged in, buy a membership or beans.
 */
export function InvitedPage() {
  return (
    <StoreSuspense>
      <InvitedView />
    </StoreSuspense>
  )
}

const InvitedView = observer(function InvitedView() {
  const invites = useInviteStore()
  const [search] = useSearchParams()
  const code = search.get("code")?.trim() ?? ""
  useEffect(() => {
    if (code !== "") void invites.loadInviter(code)
  }, [invites, code])

  return (
    <main className="flex min-h-screen items-center justify-center bg-linear-to-b from-brand-50 via-canvas to-bean-50 px-4 py-10">
      <div className="w-full max-w-[480px]">
        <p className="mb-6 flex items-center justify-center gap-2 text-lg font-semibold text-brand-700">
          <Icon name="sparkles" size={20} />
          米豆AI · 好友邀请
        </p>
        {code === "" ? (
          <Panel>
            <EmptyState compact icon="gift" title="邀请链接不完整" description="请向好友重新获取邀请链接。" action={<HomeButton />} />
          </Panel>
        ) : invites.inviterStatus === "missing" ? (
          <Panel>
            <EmptyState compact icon="gift" title={invites.inviterProblem} description="请确认邀请链接是否完整，或向好友重新获取。" action={<HomeButton />} />
          </Panel>
        ) : invites.inviterStatus === "error" ? (
          <Panel>
            <div className="flex justify-center py-10">
              <Button variant="ghost" onClick={() => void invites.loadInviter(code)}>加载失败，点击重试</Button>
            </div>
          </Panel>
        ) : invites.inviter === null || invites.inviterStatus === "loading" ? (
          <Panel>
            <div className="flex justify-center py-16 text-gray-400">
              <Spinner label="加载中" />
            </div>
          </Panel>
        ) : (
          <InviterCard />
        )}
      </div>
    </main>
  )
})

function Panel({ children }: { children: ReactNode }) {
  return <section className="rounded-2xl bg-surface p-8 shadow-lg ring-1 ring-line">{children}</section>
}

function HomeButton() {
  const navigate = useNavigate()
  return <Button variant="secondary" onClick={() => navigate("/list")}>去灵感广场看看</Button>
}

const InviterCard = observer(function InviterCard() {
  const invites = useInviteStore()
  const session = useSessionStore()
  const root = useRootStore()
  const navigate = useNavigate()
  const location = useLocation()
  const inviter = invites.inviter!
  const discount = invites.discount
  const user = session.user
  return (
    <Panel>
      <div className="flex flex-col items-center text-center" data-testid="inviter">
        <Avatar src={inviter.avatar} name={inviter.nickname} size={72} className="ring-4 ring-brand-100" />
        <p className="mt-3 text-lg font-semibold text-gray-900">{inviter.nickname}</p>
        <p className="mt-1 text-sm text-gray-500">邀请您加入米豆AI，一起用 AI 创作</p>
      </div>
      {discount === null ? (
        <p className="mt-6 rounded-lg bg-gray-50 px-4 py-3 text-center text-sm text-gray-600">注册即可开始 AI 创作，好友首次付费后，邀请人可获得米豆奖励。</p>
      ) : (
        <div className="mt-6 rounded-xl bg-linear-to-br from-bean-50 to-bean-100 px-5 py-5 text-center ring-1 ring-bean-200" data-testid="invite-discount">
          <p className="text-sm font-medium text-bean-800">会员折扣</p>
          <p className="mt-1 text-4xl font-bold text-bean-700">{discount.rateText}</p>
          <p className="mt-2 text-sm text-bean-900">{discount.scopeText}享专属折扣，下单时填写优惠码</p>
          <button
            type="button"
            onClick={() => void invites.copyCouponCode()}
            className="mt-3 inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-medium text-bean-800 ring-1 ring-bean-300 hover:bg-bean-50"
            title="复制优惠码"
          >
            优惠码 <span className="font-mono tracking-wider">{discount.couponCode}</span>
          </button>
        </div>
      )}
      <div className="mt-6 flex flex-col gap-3">
        {!session.isLoggedIn ? (
          <>
            <Button size="lg" block onClick={() => navigate(session.loginHref("/invited", location.search))}>
              登录 / 注册，接受邀请
            </Button>
            <p className="text-center text-xs text-gray-500">
              邀请码 <span className="font-mono">{inviter.invite_code}</span> 已记录，新用户注册时自动关联邀请人
            </p>
          </>
        ) : invites.isOwnCode ? (
          <>
            <p className="text-center text-sm text-gray-600">这是您自己的邀请链接，发给好友就能邀请他们加入。</p>
            <Button size="lg" block onClick={() => navigate("/invite-info")}>查看我的邀请</Button>
          </>
        ) : (
          <>
            {user !== null && user.invite_user_id === 0 ? (
              <p className="text-center text-xs text-gray-500">您的账号注册时未使用邀请码，邀请关系只在首次注册时建立。</p>
            ) : null}
            <div className="grid grid-cols-2 gap-3">
              <Button size="lg" onClick={() => void root.openPurchase("plan")}>开通会员</Button>
              <Button size="lg" variant="secondary" onClick={() => void root.openPurchase("points")}>购买米豆</Button>
            </div>
            <Button variant="ghost" block onClick={() => navigate("/list")}>先去灵感广场逛逛</Button>
          </>
        )}
      </div>
    </Panel>
  )
})
