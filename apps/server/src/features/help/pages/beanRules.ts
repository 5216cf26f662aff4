import { dailyPostRewardCap } from "@mido/core"
import { type HelpBlock, type HelpDocumentBuilder, HELP_TEXTS_UPDATED } from "../helpDocument.js"
import { beansPerYuan, discountText, type HelpFacts, yuanText } from "../helpFacts.js"

const packageBlocks = (facts: HelpFacts): ReadonlyArray<HelpBlock> => {
  if (facts.packages.length === 0) return ["米豆套餐暂未上架，开放购买后将在本页和购买页面公布价格。"]
  const rate = beansPerYuan(facts.packages)
  return [
    ...(rate === undefined ? [] : [`米豆的基础价格为 1 元 = ${rate} 米豆。购买较大的套餐还可获得额外加赠：`]),
    {
      table: {
        compact: true,
        head: ["套餐", "加赠", "到账合计", "价格"],
        rows: facts.packages.map((pack) => [
          `${pack.points} 米豆`,
          pack.bonus > 0 ? `${pack.bonus} 米豆` : "—",
          `${pack.points + pack.bonus} 米豆`,
          yuanText(pack.priceFen)
        ])
      }
    }
  ]
}

const earning = (facts: HelpFacts): ReadonlyArray<string> => [
  ...(facts.plans.some((plan) => plan.bonusBeans > 0)
    ? [`开通会员获赠：${facts.plans.filter((plan) => plan.bonusBeans > 0).map((plan) => `${plan.name}赠送 ${plan.bonusBeans} 米豆`).join("，")}，开通成功后一次性到账。详见[[membershipAgreement]]。`]
    : []),
  ...(facts.firstPostBeans > 0 || facts.dailyPostBeans > 0
    ? [`社区发帖奖励：首次在社区发帖奖励 ${facts.firstPostBeans} 米豆，之后每次发帖奖励 ${facts.dailyPostBeans} 米豆；每天（北京时间）通过发帖获得的米豆合计不超过 ${dailyPostRewardCap(facts.firstPostBeans, facts.dailyPostBeans)} 米豆。`]
    : []),
  ...(facts.inviteRewardBeans > 0
    ? [`邀请好友奖励：您邀请的好友首次成功付费后，您将获得 ${facts.inviteRewardBeans} 米豆。详见[[inviteRules]]。`]
    : []),
  "参与官方活动：活动奖励的米豆以活动页面的说明为准。"
]

const spending = (facts: HelpFacts): ReadonlyArray<HelpBlock> => {
  const discount = discountText(facts.memberRate)
  return [
    {
      table: {
        compact: true,
        head: ["项目", "消耗"],
        rows: [
          ["AI绘画 · 快速模式", `每张 ${facts.taskQuick} 米豆`],
          ...(facts.taskProExtra > 0 ? [["快速模式 · 专业风格", `每张另加 ${facts.taskProExtra} 米豆`]] : []),
          ["AI绘画 · MJ 模型", `每张 ${facts.taskQuickMj} 米豆`],
          ...(facts.taskHdMultiplier > 1 ? [["高清出图", `按上述标准的 ${facts.taskHdMultiplier} 倍计算`]] : [])
        ]
      }
    },
    ...(discount === undefined ? [] : [`会员在有效期内进行 AI 绘画，消耗的米豆享 ${discount}优惠（折后不足 1 米豆的部分不计）。`]),
    "在线 SD、AI 工具箱等其他功能的消耗，以使用时页面显示的数量为准。每次生成前，页面都会显示本次需要的米豆数量和您的余额；余额不足时，任务不会开始。",
    "因系统原因导致生成失败的任务，所扣米豆将自动退回您的账户。"
  ]
}

/** 米豆规则: what beans are, their price (the live packages), how they are earned and spent. */
export const beanRules: HelpDocumentBuilder = (facts) => ({
  lead: "米豆是米豆AI 的站内虚拟积分（也称“积分”），用于 AI 绘画、AI 工具箱等功能。本规则说明米豆的获得、消耗和使用限制，价格与数量以本页和购买页面的实时展示为准。",
  updated: HELP_TEXTS_UPDATED,
  sections: [
    { id: "price", heading: "一、购买米豆", blocks: [...packageBlocks(facts), "点击顶部栏的米豆余额或“开通会员，得米豆”，选择“米豆套餐”即可购买，支持微信支付和支付宝，可使用适用于米豆套餐的优惠码。"] },
    { id: "earn", heading: "二、其他获得方式", blocks: [{ list: earning(facts) }] },
    { id: "spend", heading: "三、米豆的消耗", blocks: spending(facts) },
    {
      heading: "四、米豆明细",
      blocks: ["点击顶部栏的米豆余额，可以查看米豆明细：每一笔获得和消耗的时间、原因和数量。米豆流水只增不改，如有更正，会以一笔新的冲正记录体现。"]
    },
    {
      id: "limits",
      heading: "五、使用限制",
      blocks: [
        {
          list: [
            "米豆是虚拟积分，不具有货币属性，仅可在米豆AI 内使用，不能兑换现金，也不能提现。",
            "米豆不可转让：不能在不同账号之间转赠、合并或出售。",
            "已购买的米豆一经到账，除法律另有规定外，不予退款。因系统原因重复扣款或多扣米豆的，核实后我们将原路退还或补回。",
            "米豆暂不设有效期。账号注销后，账号内剩余的米豆将作废且无法恢复。",
            "通过作弊、虚假邀请、利用系统漏洞等不正当方式获得的米豆，我们有权扣回，并视情节限制账号功能。"
          ]
        }
      ]
    },
    {
      heading: "六、到账异常",
      blocks: ["支付成功后米豆通常立即到账；如遇支付通知延迟，系统会主动向支付平台核对订单并补发。超过 30 分钟仍未到账的，请通过[[/help#contact|联系我们]]提供订单号，我们将尽快处理。"]
    }
  ]
})
