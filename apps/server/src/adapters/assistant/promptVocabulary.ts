/**
 * The offline composer's words: each entry is the phrases a request may contain (Chinese or
 * English, matched case-insensitively) and the part it becomes in the structured prompt. Plain data,
 * read in order: longer, more specific phrases come first so 赛博朋克 wins over 朋克.
 */
export interface VocabularyEntry {
  readonly words: ReadonlyArray<string>
  readonly part: string
}

export const STYLES: ReadonlyArray<VocabularyEntry> = [
  { words: ["水彩", "watercolor", "watercolour"], part: "水彩" },
  { words: ["油画", "oil painting"], part: "油画" },
  { words: ["水墨", "国画", "ink painting", "chinese ink"], part: "水墨国画" },
  { words: ["素描", "铅笔", "sketch", "pencil"], part: "素描" },
  { words: ["赛博朋克", "cyberpunk"], part: "赛博朋克" },
  { words: ["像素", "pixel"], part: "像素风" },
  { words: ["吉卜力", "ghibli"], part: "吉卜力动画风" },
  { words: ["二次元", "日系", "动漫", "日漫", "anime", "manga"], part: "日系动漫" },
  { words: ["浮世绘", "ukiyo"], part: "浮世绘" },
  { words: ["3d", "三维", "c4d", "渲染", "render"], part: "3D 渲染" },
  { words: ["写实", "摄影", "photorealistic", "photography", "realistic"], part: "写实摄影" },
  { words: ["扁平", "flat design"], part: "扁平插画" },
  { words: ["极简", "minimal"], part: "极简" },
  { words: ["厚涂"], part: "厚涂" },
  { words: ["蒸汽波", "vaporwave"], part: "蒸汽波" },
  { words: ["童话", "绘本", "storybook"], part: "童话绘本" },
  { words: ["插画", "illustration"], part: "插画" }
]

export const COMPOSITIONS: ReadonlyArray<VocabularyEntry> = [
  { words: ["特写", "close-up", "closeup", "close up"], part: "特写" },
  { words: ["半身", "half body", "upper body"], part: "半身像" },
  { words: ["全身", "full body"], part: "全身像" },
  { words: ["鸟瞰", "航拍", "俯瞰", "aerial", "bird's-eye", "birds eye"], part: "鸟瞰" },
  { words: ["俯视", "top-down", "top down"], part: "俯视" },
  { words: ["仰视", "low angle"], part: "仰视" },
  { words: ["广角", "全景", "远景", "wide shot", "wide angle", "panorama"], part: "远景，广角" },
  { words: ["近景"], part: "近景" },
  { words: ["对称", "symmetr"], part: "对称构图" },
  { words: ["三分法", "rule of thirds"], part: "三分法构图" },
  { words: ["头像", "avatar", "portrait"], part: "头像，面部居中" },
  { words: ["海报", "poster"], part: "海报版式，留出标题空间" },
  { words: ["壁纸", "wallpaper"], part: "横幅壁纸构图" }
]

export const LIGHTINGS: ReadonlyArray<VocabularyEntry> = [
  { words: ["黄昏", "日落", "夕阳", "傍晚", "sunset", "dusk", "golden hour"], part: "黄昏暖光" },
  { words: ["日出", "清晨", "早晨", "sunrise", "dawn", "morning"], part: "清晨柔光" },
  { words: ["霓虹", "neon"], part: "霓虹灯光" },
  { words: ["月光", "moonlight"], part: "月光" },
  { words: ["夜晚", "夜景", "夜空", "深夜", "星空", "night", "starry"], part: "夜晚，冷色环境光" },
  { words: ["逆光", "backlight", "rim light"], part: "逆光轮廓光" },
  { words: ["烛光", "candle"], part: "烛光" },
  { words: ["阴天", "雾", "overcast", "fog", "mist"], part: "阴天散射光，薄雾" },
  { words: ["阳光", "晴天", "正午", "sunny", "sunlight"], part: "明亮阳光" },
  { words: ["电影", "戏剧", "cinematic", "dramatic"], part: "电影感明暗对比" },
  { words: ["柔光", "soft light"], part: "柔光" },
  { words: ["工作室", "影棚", "studio"], part: "影棚布光" }
]

export const DEFAULT_PARTS = { style: "数字插画", composition: "主体居中，中景", lighting: "柔和自然光" } as const

/** Asking for a new picture. */
export const DRAW_WORDS: ReadonlyArray<string> = [
  "画", "绘制", "生成", "来一张", "来张", "来一幅", "给我一张", "做一张", "做一个", "设计一", "出一张", "创作",
  "draw", "paint", "generate", "sketch me", "render", "create an image", "make an image", "make a picture", "picture of", "image of"
]

/** Changing the last picture or an attached one. */
export const EDIT_WORDS: ReadonlyArray<string> = [
  "改成", "改为", "改一下", "修改", "编辑", "换成", "换个", "变成", "调整", "加上", "加一", "加个", "去掉", "删掉", "删除", "让它", "把它", "把图", "再来", "重新", "更亮", "更暗", "风格化",
  "edit", "change", "make it", "turn it", "add ", "remove", "replace"
]

/** Words a request carries around its subject, removed to find the subject. */
export const FILLER_WORDS: ReadonlyArray<string> = [
  "请帮我", "帮我", "请你", "请", "麻烦", "给我", "我想要", "我想", "我要", "能不能", "可以", "一下",
  "来一张", "来张", "来一幅", "做一张", "出一张",
  "绘制", "生成", "画成", "画出", "画", "创作", "设计", "图片", "的图", "照片里的", "这张图", "这张", "图里",
  "风格的", "风格", "光线", "构图", "的感觉", "感觉", "的样子", "吧", "呢", "哦", "啊",
  "please", "can you", "could you", "draw me", "draw", "paint", "generate", "create", "an image of", "a picture of", "image of", "picture of", "in the style of", "style"
]

export const QUESTION_MARKS: ReadonlyArray<string> = ["吗", "什么", "怎么", "为什么", "如何", "是谁", "哪", "多少", "?", "？", "what", "how", "why", "who", "which"]
