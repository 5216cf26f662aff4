import type { HelpDocumentBuilder } from "../helpDocument.js"

/** 关于我们: who 米豆AI is and what it offers. */
export const about: HelpDocumentBuilder = () => ({
  lead: "米豆AI 是一个面向中文创作者的 AI 绘画与设计社区。我们希望让每个人都能用简单的语言描述想法，几秒钟后看到它变成画面。",
  sections: [
    {
      heading: "我们提供什么",
      blocks: [
        {
          list: [
            "AI绘画：支持 MJ 模型和多种风格，上传参考图即可控制构图、风格与角色；",
            "在线SD：在浏览器中直接使用 Stable Diffusion，自选模型与 LoRA，参数随心调；",
            "AI工具箱：智能抠图、高清修复、老照片上色、去水印、局部重绘、元素消除、风格头像，日常修图一键完成；",
            "智能助手：用对话的方式完成绘图；",
            "灵感广场与社区：浏览优秀作品，一键做同款，加入圈子，参加创作活动。"
          ]
        }
      ]
    },
    {
      heading: "我们的理念",
      blocks: [
        {
          list: [
            "简单：中文界面、中文描述，不需要学习复杂的参数也能出好图；",
            "开放：作品附带创作参数，好的想法可以被学习和延续；",
            "可信：价格公开透明，米豆每一笔进出都有记录；我们只收集提供服务所必需的信息；",
            "负责：对 AI 生成内容进行标识与审核，尊重原创和他人权益。"
          ]
        }
      ]
    },
    {
      heading: "联系我们",
      blocks: [
        "关注微信公众号“米豆AI”，获取新功能、活动和创作教程。商务合作、意见反馈与客服咨询，请见[[help]]中的“联系我们”。",
        "使用米豆AI 前，请阅读[[userAgreement]]和[[privacyPolicy]]。"
      ]
    }
  ]
})
