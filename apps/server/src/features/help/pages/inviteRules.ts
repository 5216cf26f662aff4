import { type HelpDocumentBuilder, HELP_TEXTS_UPDATED } from "../helpDocument.js"

/** 邀请规则: how inviting works, what the friend and the inviter get, and what voids a reward (R35). */
export const inviteRules: HelpDocumentBuilder = (facts) => ({
  lead: "邀请好友一起使用米豆AI，好友可享专属会员折扣，您可获得米豆奖励。参与邀请活动，即表示您同意本规则。",
  updated: HELP_TEXTS_UPDATED,
  sections: [
    {
      heading: "一、如何邀请",
      blocks: [
        {
          steps: [
            "登录后打开[[/invite-info|邀请有礼]]，获取您的专属邀请码和邀请链接。",
            "把邀请链接发送给好友，或让好友在注册时使用您的邀请码。",
            "好友通过邀请链接打开米豆AI，并用一个从未注册过的手机号完成注册，邀请关系即建立。"
          ]
        },
        "邀请关系只在好友首次注册时建立，注册后无法补填或更改邀请人。"
      ]
    },
    {
      heading: "二、好友可以得到什么",
      blocks: [
        "受邀好友购买会员或米豆套餐时，可以使用邀请专属优惠，享受会员折扣。具体折扣以下单页面的显示为准。"
      ]
    },
    {
      heading: "三、您可以得到什么",
      blocks: [
        facts.inviteRewardBeans > 0
          ? `受邀好友首次成功付费（实付金额大于 0 元，购买会员或米豆套餐均可）后，您将获得 ${facts.inviteRewardBeans} 米豆奖励，自动发放到您的账户，可在米豆明细中查看。`
          : "受邀好友首次成功付费（实付金额大于 0 元）后，您将获得米豆奖励，奖励数量以邀请有礼页面的说明为准。",
        {
          list: [
            "每位受邀好友只计一次奖励，以其第一笔成功付费的订单为准，之后的订单不再重复奖励；",
            "使用优惠后实付 0 元的订单不计入；",
            "邀请人数不设上限。"
          ]
        },
        "在指定的活动期间，邀请奖励可能以现金形式发放，具体以活动页面的说明为准。现金奖励的提现规则见[[withdrawal]]。"
      ]
    },
    {
      id: "fair-play",
      heading: "四、公平参与",
      blocks: [
        "以下情形不视为有效邀请，相应奖励不予发放，已发放的将被扣回：",
        {
          list: [
            "邀请自己，包括使用本人的其他手机号、微信账号或设备注册；",
            "批量注册、使用虚假或他人身份信息注册的账号；",
            "通过发布虚假信息、恶意刷屏、付费刷量等方式获得的邀请；",
            "受邀好友的订单被退款或被认定为异常交易。"
          ]
        },
        "情节严重的，我们有权限制或暂停相关账号，并依法追究责任。"
      ]
    },
    {
      heading: "五、其他",
      blocks: [
        "我们可能根据运营需要调整奖励数量或活动规则，调整前已满足条件的奖励仍按原规则发放。本规则未尽事宜，适用[[userAgreement]]和[[beanRules]]。如有疑问，请通过[[/help#contact|联系我们]]咨询。"
      ]
    }
  ]
})
