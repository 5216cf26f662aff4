import type { Activity, ActivityWork } from "../schemas/Activity.js"
import type { Article } from "../schemas/Article.js"
import type { Assignment } from "../schemas/Assignment.js"
import type { Circle } from "../schemas/Circle.js"
import type { Post } from "../schemas/Post.js"
import type { PostComment } from "../schemas/PostComment.js"
import type { SpecialTopic } from "../schemas/SpecialTopic.js"
import { CDN, sampleAuthor, sampleCard } from "./artworkSamples.js"

/** Wire-form samples for the community routes' examples (docs/api.md). */
export const sampleCircle: typeof Circle.Encoded = {
  id: 301,
  name: "国风插画研习社",
  avatar: `${CDN}/circle/301/avatar.png`,
  cover: `${CDN}/circle/301/cover.png`,
  description: "分享国风、水墨、工笔风格的 AI 插画，每周一次主题作业。",
  member_count: 2360,
  post_count: 5128,
  is_joined: true,
  is_owner: false,
  owner: sampleAuthor,
  created_at: 1767225600
}

export const samplePost: typeof Post.Encoded = {
  id: 90017,
  circle_id: 301,
  circle_name: "国风插画研习社",
  assignment_id: null,
  author: { uid: 20233, nickname: "墨池", avatar: `${CDN}/avatar/20233.png`, is_vip: false },
  content: "第一次用 LoRA 画油纸伞，雨丝还不够细，大家有什么提示词建议吗？",
  images: [{ url: `${CDN}/post/90017/1.png`, width: 768, height: 1024 }],
  artwork_id: 52031,
  topics: ["国风", "AI绘画"],
  like_count: 58,
  comment_count: 9,
  collect_count: 12,
  share_count: 3,
  is_like: false,
  is_collected: false,
  is_owner: false,
  created_at: 1795340400
}

export const sampleArticle: typeof Article.Encoded = {
  id: 7001,
  title: "SDXL 国风人像提示词入门",
  cover: `${CDN}/article/7001/cover.png`,
  summary: "从构图、服饰到光影，五步写出稳定的国风人像提示词。",
  author: sampleAuthor,
  circle_id: null,
  view_count: 3310,
  like_count: 210,
  created_at: 1795000000,
  content: "## 一、先定构图\n\n半身像用 `upper body`，全身用 `full body`。\n\n## 二、服饰\n\n汉服写清朝代：`song dynasty hanfu`。",
  is_like: false,
  is_owner: false
}

export const sampleActivity: typeof Activity.Encoded = {
  id: 12,
  key: "winter-2026",
  title: "「冬日物语」AI 绘画大赛",
  cover: `${CDN}/activity/12/cover.png`,
  banner: `${CDN}/activity/12/banner.png`,
  description: "以冬天为主题，创作一幅 AI 作品。",
  rules: "1. 作品须为本站生成；\n2. 每人限投 1 幅；\n3. 禁止抄袭与违规内容。",
  reward: "一等奖 1 名：年度会员 + 5000 米豆\n二等奖 3 名：月度会员 + 1000 米豆",
  start_at: 1796054400,
  end_at: 1798732800,
  status: "ongoing",
  participant_count: 842,
  work_count: 861,
  is_joined: false
}

export const sampleActivityWork: typeof ActivityWork.Encoded = {
  id: 4402,
  activity_id: 12,
  artwork: sampleCard,
  description: "雪夜里的江南小镇，灯笼映着石桥。",
  vote_count: 366,
  award: null,
  created_at: 1796100000
}

export const sampleSpecialTopic: typeof SpecialTopic.Encoded = {
  id: 55,
  key: "guofeng-2026",
  title: "国风专题｜山河入画",
  cover: `${CDN}/topic/55/cover.png`,
  description: "编辑精选的国风 AI 作品与创作教程。",
  item_count: 24,
  created_at: 1794000000
}

export const sampleAssignment: typeof Assignment.Encoded = {
  id: 808,
  circle_id: 301,
  circle_name: "国风插画研习社",
  title: "第 12 周作业：工笔花鸟",
  description: "用任意模型画一幅工笔花鸟，附上提示词。",
  cover: null,
  author: sampleAuthor,
  deadline: 1796400000,
  submission_count: 137,
  is_submitted: false,
  created_at: 1795795200
}

export const samplePostComment: typeof PostComment.Encoded = {
  id: 5001,
  post_id: 90017,
  author: sampleAuthor,
  content: "雨丝试试 rain streaks, thin lines，权重 1.2 左右",
  is_owner: false,
  created_at: 1795341000,
  reply_count: 1,
  replies: [{
    id: 5002,
    root_id: 5001,
    author: { uid: 20233, nickname: "墨池", avatar: `${CDN}/avatar/20233.png`, is_vip: false },
    reply_to: sampleAuthor,
    content: "@星河画师 谢谢，试了一下好多了",
    is_owner: false,
    created_at: 1795341600
  }]
}
