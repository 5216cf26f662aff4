import { ORDER_TTL_MS } from "../../commerce/orders.js"
import { type HelpBlock, type HelpDocumentBuilder, HELP_TEXTS_UPDATED } from "../helpDocument.js"
import { discountText, type HelpFacts, yuanText } from "../helpFacts.js"

const LEVEL_NAMES: Readonly<Record<number, string>> = { 1: "体验", 2: "月度", 3: "年度" }

const planBlocks = (facts: HelpFacts): ReadonlyArray<HelpBlock> =>
  facts.plans.length === 0
    ? ["会员套餐暂未上架，开放购买后将在本页和购买页面公布。"]
    : [
        "目前提供以下会员套餐，价格与权益以购买页面的实时展示为准：",
        {
          table: {
            compact: true,
            head: ["套餐", "等级", "价格", "有效期", "赠送米豆", "说明"],
            rows: facts.plans.map((plan) => [
              plan.name,
              LEVEL_NAMES[plan.level] ?? String(plan.level),
              yuanText(plan.priceFen),
              `${plan.durationDays} 天`,
              plan.bonusBeans > 0 ? `${plan.bonusBeans} 米豆` : "—",
              plan.description
            ])
          }
        }
      ]

/** 会员服务协议: the plans (live rows), how buying, the term, renewal and refunds work. */
export const membershipAgreement: HelpDocumentBuilder = (facts) => {
  const discount = discountText(facts.memberRate)
  return {
    lead: "本协议是您与米豆AI 之间就会员服务的购买和使用所订立的协议，是[[userAgreement]]的补充。您在下单前勾选同意或在提示中确认同意，即表示您已阅读并同意本协议。",
    updated: HELP_TEXTS_UPDATED,
    sections: [
      { id: "plans", heading: "一、会员套餐", blocks: planBlocks(facts) },
      {
        heading: "二、会员权益",
        blocks: [
          {
            list: [
              "开通即赠送米豆：套餐所含的米豆在开通成功后一次性发放到您的账户，使用规则适用[[beanRules]]；",
              ...(discount === undefined ? [] : [`AI 绘画消耗米豆享 ${discount}优惠；`]),
              "作品无水印下载、专属会员标识，以及各套餐页面列出的专属功能。"
            ]
          },
          "为了提升服务，我们可能调整、升级会员权益。如调整对您明显不利，我们会提前通知；已开通的会员在当期有效期内的核心权益不受影响。"
        ]
      },
      {
        heading: "三、购买与开通",
        blocks: [
          {
            steps: [
              "点击顶部栏的“开通会员，得米豆”，选择会员套餐；如有优惠码，可在下单前填写，系统会显示抵扣后的应付金额。",
              "勾选同意本协议后，使用微信或支付宝扫描二维码付款。",
              "付款成功后，会员立即生效，赠送的米豆同时到账。"
            ]
          },
          `订单创建后 ${ORDER_TTL_MS / 60_000} 分钟内未支付的，将自动关闭；如需购买，请重新下单。支付通知延迟时，系统会主动向支付平台核对，确认付款后照常为您开通。`
        ]
      },
      {
        heading: "四、有效期与续费",
        blocks: [
          {
            list: [
              "会员有效期自开通成功之时起，按套餐的天数计算。",
              "在会员有效期内再次购买，新的时长在当前到期时间的基础上顺延；会员等级取已有等级和新购等级中较高的一个。",
              "会员已过期后再次购买，自购买之时起重新计算有效期，等级以新购套餐为准。",
              "会员服务不会自动续费，我们不会在未经您确认的情况下扣款。会员即将到期时，我们会在站内提醒您。"
            ]
          }
        ]
      },
      {
        heading: "五、退款",
        blocks: [
          "会员服务属于开通后即时提供的虚拟服务，开通成功后不支持退款、转让或折现，法律另有规定的除外。",
          "因系统原因导致重复付款，或付款后会员未能开通的，请通过[[/help#contact|联系我们]]提供订单号，我们核实后将为您开通或原路退款。"
        ]
      },
      {
        heading: "六、使用限制",
        blocks: [
          "会员权益仅限开通会员的账号本人使用，不得出借、出租、转售或与他人共享账号。以营利为目的批量购买、倒卖会员，或利用会员权益从事违反[[userAgreement]]的行为的，我们有权终止相应会员服务且不予退款。"
        ]
      },
      {
        heading: "七、协议的变更与终止",
        blocks: [
          "我们可能根据法律法规和业务发展修订本协议，修订后的协议在本页面公布。您注销账号时，未到期的会员权益和剩余米豆将一并失效。",
          "本协议未尽事宜，适用[[userAgreement]]。"
        ]
      }
    ]
  }
}
