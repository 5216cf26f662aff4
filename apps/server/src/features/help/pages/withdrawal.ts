import { type HelpDocumentBuilder, HELP_TEXTS_UPDATED } from "../helpDocument.js"

/**
 * 提现说明: how cash rewards of the invite programme are withdrawn (R35: a request holds the amount,
 * approval pays it out, rejection releases it). The figures (minimum, maximum, daily cap) are shown
 * where a withdrawal is requested, so this page names none it could contradict.
 */
export const withdrawal: HelpDocumentBuilder = () => ({
  lead: "本说明适用于邀请活动中获得的现金奖励。米豆是站内虚拟积分，不能提现；只有页面上显示为“可提现金额”的现金奖励可以申请提现。",
  updated: HELP_TEXTS_UPDATED,
  sections: [
    {
      heading: "一、提现条件",
      blocks: [
        {
          list: [
            "账号已绑定手机号和微信，且账号状态正常；",
            "收款的微信账号已完成实名认证，且实名信息与提现申请人一致；",
            "申请金额不低于单笔最低提现金额，且不超过单笔上限和当日提现上限。具体金额以提现页面的显示为准。"
          ]
        }
      ]
    },
    {
      heading: "二、提现流程",
      blocks: [
        {
          steps: [
            "打开[[/invite-info|邀请有礼]]，查看“可提现金额”，点击“提现”并填写金额。",
            "提交申请后，申请金额会从可提现金额中暂时冻结，不能重复申请。",
            "我们会在 3 个工作日内完成审核。审核通过后，款项将转入您绑定的微信零钱，通常当天到账。",
            "如审核未通过，冻结的金额会全部退回可提现金额，并通过站内消息告知原因。"
          ]
        },
        "每一笔提现的申请、审核和到账状态，都可以在邀请有礼页面的提现记录中查看。"
      ]
    },
    {
      heading: "三、税费",
      blocks: ["依照国家税收法律法规需要代扣代缴个人所得税的，我们将依法代扣代缴，实际到账金额为扣税后的金额。提现本身不收取手续费。"]
    },
    {
      heading: "四、审核与风控",
      blocks: [
        "为保障资金安全，以下情形的提现申请将不予通过，相关奖励可能被扣回：",
        {
          list: [
            "奖励来自违反[[inviteRules]]的邀请，例如自我邀请、批量注册或虚假交易；",
            "收款账号的实名信息与申请人不一致，或账号存在被盗用的风险；",
            "同一人使用多个账号重复领取奖励。"
          ]
        }
      ]
    },
    {
      heading: "五、其他",
      blocks: [
        "活动结束后，已获得的现金奖励在活动页面公布的期限内仍可申请提现。如提现遇到问题，请通过[[/help#contact|联系我们]]提供提现记录的时间和金额，我们将尽快核实处理。"
      ]
    }
  ]
})
