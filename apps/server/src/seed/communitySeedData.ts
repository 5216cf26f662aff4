import type { SeasonKey } from "./activityDates.js"

/** The demo community's texts (Chinese, realistic): circles, posts, articles, activities, topics, assignments. */

export interface SeedCircle {
  readonly name: string
  readonly description: string
  readonly topics: ReadonlyArray<string>
  readonly posts: ReadonlyArray<string>
  readonly assignments: ReadonlyArray<{ readonly title: string; readonly description: string; readonly daysLeft: number }>
}

export const SEED_CIRCLES: ReadonlyArray<SeedCircle> = [
  {
    name: "国风插画研究所",
    description: "分享国风、水墨、工笔风格的 AI 插画。每周一次主题作业，欢迎交流提示词与 LoRA 心得。",
    topics: ["国风", "水墨", "工笔"],
    posts: [
      "第一次用 LoRA 画油纸伞，雨丝还不够细，大家有什么提示词建议吗？",
      "分享一组青绿山水，参考了《千里江山图》的配色，石青石绿真的太好看了。",
      "工笔花鸟的线条一直糊，后来把采样步数提到 40、CFG 调到 6 好多了。",
      "今天的练习：宋代仕女，发髻和披帛改了好几版，求指点～",
      "水墨风一定要留白！构图时我会在提示词里加 negative space, minimalism。"
    ],
    assignments: [
      { title: "第 12 期作业：雨中江南", description: "主题：雨中的江南小镇。\n要求：国风或水墨风格，画面中要有伞和石桥。\n提交时请附上主要提示词。", daysLeft: 5 },
      { title: "第 11 期作业：月下独酌", description: "主题：李白《月下独酌》。\n要求：人物与月亮同框，注意意境。", daysLeft: -3 }
    ]
  },
  {
    name: "赛博朋克视觉",
    description: "霓虹、雨夜、义体与巨型都市。一起把赛博朋克的氛围感拉满。",
    topics: ["赛博朋克", "霓虹", "科幻"],
    posts: [
      "雨夜的霓虹街道，地面反光是用 wet street, reflections 出来的，效果惊艳。",
      "试了下 MJ 的 --stylize 750，赛博城市的细节一下子丰富了很多。",
      "义体少女第三版，机械臂的结构终于对了，感谢圈友 @墨池 的建议！",
      "分享一个配色：洋红 + 青色 + 深紫，基本不会翻车。",
      "有人试过把赛博朋克和国风结合吗？我画了一张「霓虹长安」。"
    ],
    assignments: [
      { title: "本周挑战：霓虹雨夜", description: "画一张雨夜街景，必须有霓虹招牌和倒影。\n风格不限，MJ / SD 都可以。", daysLeft: 3 }
    ]
  },
  {
    name: "AI 摄影后期",
    description: "AI 生成写实人像与风光的后期技巧：调色、放大、局部重绘，一起交流。",
    topics: ["摄影", "后期", "人像"],
    posts: [
      "用高清修复放大到 2 倍再局部重绘面部，皮肤质感自然多了。",
      "胶片感调色分享：提示词里加 kodak portra 400, film grain，再后期压一点高光。",
      "逆光人像一直过曝，最后在负面提示词里加了 overexposed 才好。",
      "今天去拍了真实的海边日落，拿来当图生图的底图，效果很有意思。"
    ],
    assignments: [
      { title: "作业：黄金时刻人像", description: "用 AI 生成一张黄金时刻（日落前后）的人像。\n要求：光线方向明确，肤色自然。", daysLeft: 7 }
    ]
  },
  {
    name: "萌宠绘本",
    description: "猫猫狗狗、小兔子和各种毛茸茸。用 AI 画温暖治愈的绘本故事。",
    topics: ["萌宠", "绘本", "治愈"],
    posts: [
      "给家里的橘猫画了一套绘本，主题是「橘子的一天」，孩子超喜欢。",
      "水彩风小兔子，提示词关键是 watercolor, soft pastel, children's book。",
      "柯基穿雨衣系列第二弹～下雨天也要出门玩！",
      "求推荐适合画绘本的 LoRA，想要那种手绘蜡笔的质感。"
    ],
    assignments: [
      { title: "绘本共创：森林里的小邮差", description: "每人画一页：小动物在森林里送信的故事。\n要求：温暖治愈的画风，横版构图。", daysLeft: 10 }
    ]
  }
]

/** Posts to the square, outside any circle. */
export const SEED_SQUARE_POSTS: ReadonlyArray<{ readonly content: string; readonly topics: ReadonlyArray<string> }> = [
  { content: "新人报到！刚开通会员，今天画了第一张 SD 作品，请大家多多指教～", topics: ["新人报到"] },
  { content: "终于把智能助手玩明白了，一句话就能出海报，效率翻倍。", topics: ["AI绘画", "智能助手"] },
  { content: "有没有小伙伴一起参加「龙舟竞渡」端午创作赛？我准备画龙舟夜游。", topics: ["活动", "端午"] },
  { content: "分享一个小技巧：同款生成之后微调提示词，比从零开始稳定很多。", topics: ["AI绘画", "技巧"] },
  { content: "今天的灵感广场好多神仙作品，收藏夹又满了。", topics: ["灵感"] }
]

export const SEED_ARTICLES: ReadonlyArray<{ readonly title: string; readonly summary: string; readonly content: string; readonly circle: number | null }> = [
  {
    title: "SDXL 国风人像提示词入门",
    summary: "从构图、服饰到光影，五步写出稳定的国风人像提示词。",
    circle: 0,
    content: `## 一、先定构图

半身像用 \`upper body\`，全身用 \`full body\`，特写用 \`close-up\`。

## 二、写清服饰

汉服要写朝代：\`song dynasty hanfu\`、\`tang dynasty\`。发饰可以加 \`hairpin\`、\`buyao\`。

## 三、光影

- 柔光：\`soft lighting\`
- 逆光：\`rim light\`
- 烛光：\`candlelight, warm tone\`

## 四、负面提示词

\`\`\`
lowres, bad hands, extra fingers, blurry
\`\`\`

## 五、多试几次

同一组提示词换几个随机种子，挑最满意的一张再做高清修复。`
  },
  {
    title: "赛博朋克配色的三个公式",
    summary: "洋红配青、橙配蓝、紫配绿：三套配色讲清赛博朋克的氛围来源。",
    circle: 1,
    content: `# 赛博朋克配色的三个公式

赛博朋克的「味道」，一半来自配色。

1. **洋红 + 青色**：最经典的霓虹组合，适合雨夜街景。
2. **橙 + 蓝**：电影感强，适合人物特写。
3. **紫 + 绿**：更诡异、更「地下」，适合黑客与义体主题。

> 小贴士：在提示词里写 \`neon lights, magenta and cyan\`，比只写 cyberpunk 稳定得多。

更多案例见 [灵感广场](/inspiration)。`
  },
  {
    title: "局部重绘修脸：一篇讲清楚",
    summary: "AI 人像脸崩了怎么办？用局部重绘三步修好。",
    circle: 2,
    content: `## 为什么会脸崩

小尺寸出图时，脸部像素太少，细节自然不够。

## 三步修复

1. 先用高清修复把图放大到 **2 倍**；
2. 在局部重绘里只涂抹脸部，重绘幅度 \`0.35\` 左右；
3. 提示词只写脸部相关内容，比如 \`detailed face, natural skin\`。

## 注意

重绘幅度太高会换脸，太低又修不动，多试几次找到平衡。`
  },
  {
    title: "用 AI 画绘本：从分镜到成书",
    summary: "一个完整的绘本项目怎么做：角色设定、分镜、统一画风和排版。",
    circle: 3,
    content: `## 角色设定

先用同一个种子画出主角的三视图，记下提示词，后面每一页都沿用。

## 分镜

把故事拆成 8～12 页，每页一句话，写清楚「谁、在哪、做什么」。

## 统一画风

- 固定 LoRA 和权重；
- 固定配色关键词，比如 \`pastel colors\`；
- 同一个采样器和步数。

## 排版

横版 4:3 最适合绘本，文字留在画面上方或下方的留白处。`
  },
  {
    title: "米豆新手指南：5 分钟上手 AI 绘画",
    summary: "快捷绘画、MJ 模型、在线 SD 和智能助手，四种玩法一次讲明白。",
    circle: null,
    content: `# 欢迎来到米豆

## 四种玩法

| 玩法 | 适合谁 |
| --- | --- |
| 快捷绘画 | 刚入门，选风格就能画 |
| MJ 模型 | 想要高质量插画 |
| 在线 SD | 想精细控制参数 |
| 智能助手 | 一句话出图、出海报 |

## 米豆怎么来

每日发帖、参加活动都能获得米豆，开通会员还会赠送。

祝你创作愉快！`
  }
]

export interface SeedActivity {
  /** the key is its season: the dates come from the seed's clock (seasonalActivityDates, AC7–AC9) */
  readonly key: SeasonKey
  readonly title: string
  readonly description: string
  readonly rules: string
  readonly reward: string
}

export const SEED_ACTIVITIES: ReadonlyArray<SeedActivity> = [
  {
    key: "boat",
    title: "「龙舟竞渡」端午主题 AI 创作赛",
    description: "粽叶飘香，龙舟竞渡。以端午为主题，用 AI 画出你心中的龙舟与江河。",
    rules: "1. 作品须为本站生成并公开发布；\n2. 每人限投 1 幅作品；\n3. 禁止抄袭、搬运与违规内容；\n4. 主办方有权使用获奖作品进行宣传。",
    reward: "一等奖 1 名：年度会员 + 5000 米豆\n二等奖 3 名：月度会员 + 1000 米豆\n三等奖 10 名：500 米豆\n参与奖：每位投稿者 50 米豆"
  },
  {
    key: "summer",
    title: "「夏日限定」清凉插画征集",
    description: "西瓜、海风、冰汽水，画出你的夏天。",
    rules: "1. 作品须为本站生成并公开发布；\n2. 每人限投 1 幅作品；\n3. 活动开始后开放投稿。",
    reward: "一等奖 1 名：月度会员 + 2000 米豆\n优秀奖 5 名：300 米豆"
  },
  {
    key: "autumn",
    title: "「秋日私语」AI 绘画征集",
    description: "落叶、稻浪、秋夜的月亮，用一幅画留住秋天的颜色。",
    rules: "1. 作品须为本站生成并公开发布；\n2. 每人限投 1 幅作品；\n3. 禁止抄袭与违规内容。",
    reward: "一等奖 1 名：月度会员 + 2000 米豆\n优秀奖 5 名：300 米豆"
  },
  {
    key: "winter",
    title: "「冬日物语」AI 绘画大赛",
    description: "以冬天为主题，创作一幅温暖或清冷的 AI 作品。",
    rules: "1. 作品须为本站生成；\n2. 每人限投 1 幅；\n3. 禁止抄袭与违规内容。",
    reward: "一等奖 1 名：年度会员 + 5000 米豆\n二等奖 3 名：月度会员 + 1000 米豆"
  },
  {
    key: "spring",
    title: "「春日花信」AI 插画大赛",
    description: "桃花、纸鸢、细雨与新绿，画出你眼中的春天。",
    rules: "1. 作品须为本站生成并公开发布；\n2. 每人限投 1 幅作品；\n3. 禁止抄袭、搬运与违规内容。",
    reward: "一等奖 1 名：年度会员 + 3000 米豆\n二等奖 3 名：月度会员 + 800 米豆"
  }
]

export const SEED_AWARDS: ReadonlyArray<string> = ["一等奖", "二等奖", "二等奖", "二等奖", "三等奖"]

export const SEED_WORK_NOTES: ReadonlyArray<string> = [
  "雨后的江面，龙舟破浪而来。",
  "夜色里的灯笼映着龙舟，想表现热闹又安静的感觉。",
  "尝试了水墨风，龙头用了朱砂色。",
  "参考了家乡的端午庙会。",
  "第一次参加比赛，请多多指教！",
  ""
]

export const SEED_TOPICS: ReadonlyArray<{ readonly key: string; readonly title: string; readonly description: string }> = [
  { key: "guofeng-classics", title: "国风精选：东方美学的 AI 表达", description: "编辑精选的国风作品与教程，从水墨到工笔，一次看个够。" },
  { key: "cyber-night", title: "霓虹之夜：赛博朋克专题", description: "雨夜、霓虹、义体与巨型都市，精选赛博朋克作品与配色技巧。" },
  { key: "beginner-guide", title: "新手必看：AI 绘画入门专题", description: "从第一张图到第一幅参赛作品，新手需要的一切都在这里。" }
]
