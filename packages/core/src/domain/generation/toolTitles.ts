import type { GenerationToolKey } from "./GenerationTask.js"

/** Each AI tool's Chinese name, as its page is titled (/tools/{key}); artworks and infotext name the tool with it. */
export const TOOL_TITLES: Readonly<Record<GenerationToolKey, string>> = {
  "hd-repair": "高清修复",
  discount: "智能抠图",
  "remove-watermark": "去水印",
  "element-elimination": "元素消除",
  "style-avatar": "风格头像",
  "old-photo-restoration": "老照片上色",
  redraw: "局部重绘"
}
