import { HELP_CONTACT_ANCHOR } from "@mido/core/navigation"
import { SESSION_DAYS } from "../../../platform/tokens.js"
import type { HelpBlock, HelpDocumentBuilder } from "../helpDocument.js"

/** 帮助中心 (/help): where to start, the common questions, and how to reach us (#contact). */
export const helpCenter: HelpDocumentBuilder = (facts) => {
  const qr: ReadonlyArray<HelpBlock> = facts.serviceQrImage === undefined
    ? []
    : ["企业微信客服：用微信扫描下方二维码，添加“米豆AI助手”为好友，即可在线咨询。", { image: { src: facts.serviceQrImage, alt: "米豆AI助手企业微信二维码" } }]
  return {
    lead: "欢迎使用米豆AI。这里汇集了登录、米豆、会员、创作与发布的常见问题，以及我们的各项协议与规则。找不到答案时，欢迎通过本页末尾的方式联系我们。",
    sections: [
      {
        heading: "协议与规则",
        blocks: [
          {
            cards: [
              { page: "beanRules", summary: "米豆的获得、消耗与价格" },
              { page: "membershipAgreement", summary: "会员套餐、期限与权益" },
              { page: "inviteRules", summary: "邀请好友与奖励发放" },
              { page: "withdrawal", summary: "现金奖励的提现流程" },
              { page: "communityRules", summary: "发布作品与参与社区的约定" },
              { page: "userAgreement", summary: "使用米豆AI的基本约定" },
              { page: "privacyPolicy", summary: "我们如何处理您的个人信息" },
              { page: "about", summary: "认识米豆AI" }
            ]
          }
        ]
      },
      {
        id: "login",
        heading: "登录与账号",
        blocks: [
          "米豆AI 支持两种登录方式，首次登录即自动完成注册：",
          {
            list: [
              "手机号登录：输入手机号和图形验证码，点击“获取验证码”，填写短信中的 6 位验证码后点击“登录 / 注册”。",
              "微信扫码登录：在登录页切换到“微信扫码登录”，用微信扫描二维码并在手机上确认。首次使用微信登录时，需要再绑定一个手机号。"
            ]
          },
          `登录状态在同一浏览器中保持 ${SESSION_DAYS} 天，期间无需重复登录；在公共电脑上使用后，请点击右上角头像，选择“退出登录”。`,
          "更换手机号、绑定微信、修改昵称与头像，都可以在“个人中心”中完成。"
        ]
      },
      {
        id: "beans",
        heading: "米豆",
        blocks: [
          "米豆是米豆AI 的站内积分，用于 AI 绘画和 AI 工具箱等功能。顶部栏显示您当前的米豆余额，点击余额可查看米豆明细（每一笔获得和消耗的记录）。",
          "获得米豆的方式：购买米豆套餐、开通会员获赠、在社区发帖、邀请好友。每次生成前，页面都会显示本次需要的米豆数量。",
          "米豆的价格、消耗标准和使用限制，详见[[beanRules]]。"
        ]
      },
      {
        id: "membership",
        heading: "会员",
        blocks: [
          "会员分为体验会员、月度会员和年度会员。开通会员可获赠米豆，AI 绘画消耗米豆享受折扣，并解锁会员专属功能。",
          "点击顶部栏的“开通会员，得米豆”即可选择套餐，支持微信支付和支付宝扫码支付，下单时可以填写优惠码。下单前需阅读并同意[[membershipAgreement]]。",
          "会员不会自动续费；在会员有效期内再次购买，时长将在当前到期时间的基础上顺延。"
        ]
      },
      {
        id: "create",
        heading: "创作与发布",
        blocks: [
          {
            list: [
              "[[/aigc|AI绘画]]：输入描述，选择风格与尺寸即可出图，支持 MJ 模型、参考图、风格参考与角色参考。",
              "[[/webui|在线SD]]：面向进阶用户，可自选模型与 LoRA，精细调整步数、采样器、CFG 与种子等参数。",
              "[[/tools-panel|AI工具箱]]：智能抠图、高清修复、老照片上色、去水印、局部重绘、元素消除、风格头像。",
              "[[/intelligent|智能助手]]：用对话的方式描述需求，让 AI 帮您完成绘图。"
            ]
          },
          "生成的图片自动保存在[[/property|资产库]]中，可以下载、整理成作品集，或提交发布。作品审核通过后，将展示在[[/list|灵感广场]]，其他用户可以点赞、收藏，并一键“做同款”。",
          "在[[/community|社区]]发帖可获得米豆奖励。发布内容请遵守[[communityRules]]。"
        ]
      },
      {
        id: "faq",
        heading: "常见问题",
        blocks: [
          {
            list: [
              "收不到短信验证码？请确认手机号填写正确、手机没有拦截短信，稍等片刻后重新获取。同一手机号和同一网络在短时间内的发送次数有限制，超出后请稍后再试。",
              "支付成功但米豆或会员没有到账？系统会自动向支付平台核对订单，通常几分钟内完成到账。如超过 30 分钟仍未到账，请联系客服并提供订单号。",
              "生成失败会扣米豆吗？因系统原因导致生成失败的任务，所扣米豆会退回您的账户，可在米豆明细中查看。",
              "作品为什么没有出现在灵感广场？作品需要提交发布并通过审核后才会公开展示；设为私密的作品只有您自己可见。",
              "图片角上的“AI生成”是什么？这是国家规定的 AI 生成内容显式标识，每张生成的图片都会带有，图片文件的元数据中还有对应的隐式标识（AIGC）。标识不能关闭，也请勿删除或篡改，详见[[userAgreement]]“AI生成内容标识”一节。上传的图片如带有生成参数或您声明由 AI 生成，发布后会显示“疑似AI生成”。",
              "如何注销账号？请通过下方方式联系客服，核实身份后为您办理。注销后账号内的米豆、会员权益和作品将无法恢复。"
            ]
          }
        ]
      },
      {
        id: HELP_CONTACT_ANCHOR,
        heading: "联系我们 · 关注公众号",
        blocks: [
          "官方公众号：米豆AI。在微信中搜索“米豆AI”并关注，即可第一时间获取新功能、活动和创作教程，也可以直接在公众号中留言咨询。",
          ...qr,
          "客服服务时间：工作日 9:30–18:30。咨询账号或订单问题时，请提供注册手机号的后四位和订单号，以便我们尽快处理。"
        ]
      }
    ]
  }
}
