import { useInviteStore, useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { Button } from "../../components/ui/Button"
import { Icon } from "../../components/ui/Icon"
import { Spinner } from "../../components/ui/Spinner"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { InviteeList } from "./InviteeList"
import { InviteQr } from "./InviteQr"
import { InviteRules } from "./InviteRules"

/** /invite-info (spec §2: invite rewards): my code, link and its QR, what inviting has earned, the invited users, the rules. */
export function InviteInfoPage() {
  return (
    <StoreSuspense>
      <InviteInfoView />
    </StoreSuspense>
  )
}

const InviteInfoView = observer(function InviteInfoView() {
  const session = useSessionStore()
  const invites = useInviteStore()
  const location = useLocation()
  const navigate = useNavigate()
  const loggedIn = session.isLoggedIn
  useEffect(() => {
    if (loggedIn) void invites.loadSummary()
  }, [invites, loggedIn])

  return (
    <section aria-label="邀请有礼" className="mx-auto flex w-full max-w-[1120px] flex-col gap-5">
      <header className="relative overflow-hidden rounded-xl bg-linear-to-br from-brand-600 via-brand-500 to-bean-400 px-8 py-7 text-white shadow-sm">
        <p className="flex items-center gap-2 text-sm font-medium text-white/85">
          <Icon name="gift" size={16} />
          邀请有礼
        </p>
        <h1 className="mt-2 text-3xl font-semibold">邀请好友一起创作，赚取米豆奖励</h1>
        <p className="mt-2 max-w-2xl text-base text-white/85">
          好友通过您的链接注册，购买会员或米豆可享专属折扣；好友首次付费后，您可获得
          {invites.summary !== null && invites.summary.reward_per_invitee > 0 ? ` ${invites.summary.reward_per_invitee.toLocaleString("zh-CN")} ` : ""}
          米豆奖励。
        </p>
      </header>
      {loggedIn ? (
        <MyInvite />
      ) : (
        <div className="flex flex-col items-center gap-4 rounded-xl bg-surface px-6 py-12 text-center shadow-xs ring-1 ring-line">
          <p className="text-lg font-medium text-gray-900">登录后获取您的专属邀请码和邀请链接</p>
          <Button onClick={() => navigate(session.loginHref(location.pathname, location.search))}>立即登录</Button>
        </div>
      )}
      <InviteRules rewardBeans={invites.summary?.reward_per_invitee ?? null} />
    </section>
  )
})

const MyInvite = observer(function MyInvite() {
  const invites = useInviteStore()
  const summary = invites.summary
  const origin = window.location.origin
  if (summary === null) {
    return (
      <div className="flex min-h-48 items-center justify-center rounded-xl bg-surface shadow-xs ring-1 ring-line text-gray-400">
        {invites.summaryStatus === "error" ? (
          <Button variant="ghost" onClick={() => void invites.loadSummary()}>加载失败，点击重试</Button>
        ) : (
          <Spinner label="加载中" />
        )}
      </div>
    )
  }
  const link = invites.linkAt(origin)
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <section aria-labelledby="my-invite" className="rounded-xl bg-surface p-6 shadow-xs ring-1 ring-line">
        <h2 id="my-invite" className="text-lg font-semibold text-gray-900">我的邀请</h2>
        <div className="mt-4 flex flex-wrap items-start gap-6">
          <InviteQr link={link} />
          <div className="flex min-w-0 flex-1 flex-col gap-4">
            <div>
              <p className="text-sm text-gray-500">我的邀请码</p>
              <div className="mt-1 flex items-center gap-3">
                <span className="font-mono text-2xl font-semibold tracking-[0.2em] text-brand-700" data-testid="invite-code">{summary.invite_code}</span>
                <Button variant="secondary" size="sm" onClick={() => void invites.copyCode()}>复制邀请码</Button>
              </div>
            </div>
            <div>
              <p className="text-sm text-gray-500">邀请链接</p>
              <p className="mt-1 break-all rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-800 ring-1 ring-line" data-testid="invite-link">{link}</p>
              <Button className="mt-3" size="sm" icon={<Icon name="send" size={15} />} onClick={() => void invites.copyLink(origin)}>
                复制邀请链接
              </Button>
            </div>
            <p className="text-xs text-gray-500">好友扫码或打开链接后注册，即成为您邀请的好友。</p>
          </div>
        </div>
      </section>
      <section aria-labelledby="my-rewards" className="rounded-xl bg-surface p-6 shadow-xs ring-1 ring-line">
        <h2 id="my-rewards" className="text-lg font-semibold text-gray-900">邀请奖励</h2>
        <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
          <Figure label="已邀请好友" value={summary.invited_count} unit="位" testId="invited-count" />
          <Figure label="已首次付费" value={summary.rewarded_count} unit="位" testId="rewarded-count" />
          <Figure label="累计获得" value={summary.reward_total} unit="米豆" testId="reward-total" bean />
        </dl>
        <p className="mt-4 text-sm text-gray-600" data-testid="reward-text">{invites.rewardText}</p>
      </section>
      <section aria-labelledby="my-invitees" className="rounded-xl bg-surface p-6 shadow-xs ring-1 ring-line lg:col-span-2">
        <h2 id="my-invitees" className="text-lg font-semibold text-gray-900">我邀请的好友</h2>
        <div className="mt-2">
          <InviteeList />
        </div>
      </section>
    </div>
  )
})

function Figure({ label, value, unit, testId, bean = false }: { label: string; value: number; unit: string; testId: string; bean?: boolean }) {
  return (
    <div className={bean ? "rounded-lg bg-bean-50 px-3 py-4" : "rounded-lg bg-gray-50 px-3 py-4"}>
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className="mt-1">
        <span className={bean ? "text-2xl font-semibold text-bean-800" : "text-2xl font-semibold text-gray-900"} data-testid={testId}>
          {value.toLocaleString("zh-CN")}
        </span>
        <span className="ml-1 text-xs text-gray-500">{unit}</span>
      </dd>
    </div>
  )
}
