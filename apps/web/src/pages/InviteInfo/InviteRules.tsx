import { useInviteStore } from "@mido/react"

/**
 * The invite rules in brief (the help page 邀请规则, whose full text and the withdrawal rules open in a
 * new tab). `rewardBeans` is the server's current reward per invitee (config points.invite-reward).
 */
export function InviteRules({ rewardBeans }: { rewardBeans: number | null }) {
  const invites = useInviteStore()
  const reward = rewardBeans !== null && rewardBeans > 0 ? `${rewardBeans.toLocaleString("zh-CN")} 米豆` : "米豆"
  return (
    <section aria-labelledby="invite-rules" className="rounded-xl bg-surface p-6 shadow-xs ring-1 ring-line">
      <h2 id="invite-rules" className="text-lg font-semibold text-gray-900">活动规则</h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm leading-6 text-gray-600">
        <li>把您的邀请链接、二维码或邀请码发给好友，好友用一个从未注册过的手机号完成注册，邀请关系即建立；注册后无法补填或更改邀请人。</li>
        <li>受邀好友购买会员或米豆套餐时，可以使用邀请专属优惠，享受会员折扣。</li>
        <li>受邀好友首次成功付费（实付金额大于 0 元）后，您将获得 {reward} 奖励，自动发放到您的账户，可在米豆明细中查看。每位好友只计一次，邀请人数不设上限。</li>
        <li>邀请自己、批量注册、刷量或订单被退款等情形不视为有效邀请，相应奖励不予发放，已发放的将被扣回。</li>
      </ol>
      <p className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <a href={invites.rulesHref} target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:text-brand-600">
          查看完整邀请规则
        </a>
        <a href={invites.withdrawalHref} target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:text-brand-600">
          现金奖励提现说明
        </a>
      </p>
    </section>
  )
}
