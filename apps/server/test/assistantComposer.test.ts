import { describe, expect, it } from "vitest"
import type { AssistantTurn } from "../src/adapters/assistant/assistantPort.js"
import { composePrompt, intentOf, makeOfflineAssistant } from "../src/adapters/assistant/offlineAssistant.js"

const drawnTurn: AssistantTurn = {
  role: "assistant",
  text: "…",
  imageUrls: ["http://storage/uploads/generated/u/1/t/1.png"],
  drawing: { prompt: "p", structured: { subject: "雪地里的橘猫", style: "水彩", composition: "特写", lighting: "黄昏暖光" } }
}

describe("the offline composer: what a request asks", () => {
  it.each([
    ["帮我画一只猫", "draw", [], []],
    ["draw a red fox in the snow", "draw", [], []],
    ["雪山下的小木屋，水彩，黄昏", "draw", [], []],
    ["你好", "talk", [], []],
    ["水彩是什么？", "talk", [], []],
    ["今天天气怎么样", "talk", [], []],
    ["把背景换成夜空", "talk", [], []],
    ["把背景换成夜空", "edit", [drawnTurn], []],
    ["make it brighter", "edit", [drawnTurn], []],
    ["画成油画", "edit", [], ["http://storage/uploads/u/1/a.png"]],
    ["赛博朋克风", "edit", [], ["http://storage/uploads/u/1/a.png"]]
  ] as const)("%s → %s", (text, intent, history, attachments) => {
    expect(intentOf(text, history, { text, imageUrls: attachments })).toBe(intent)
  })
})

describe("the offline composer: subject, style, composition, lighting", () => {
  it.each([
    ["帮我画一只在雪地里的橘猫，水彩风格，黄昏，特写", { subject: "雪地里的橘猫", style: "水彩", composition: "特写", lighting: "黄昏暖光" }],
    ["画一座雪山下的小木屋", { subject: "雪山下的小木屋", style: "数字插画", composition: "主体居中，中景", lighting: "柔和自然光" }],
    ["赛博朋克城市夜景，霓虹，鸟瞰", { subject: "城市", style: "赛博朋克", composition: "鸟瞰", lighting: "霓虹灯光，夜晚，冷色环境光" }],
    ["draw a lighthouse, watercolor, sunset, wide shot", { subject: "a lighthouse", style: "水彩", composition: "远景，广角", lighting: "黄昏暖光" }],
    ["给我一张女孩的头像，日系动漫风格", { subject: "女孩", style: "日系动漫", composition: "头像，面部居中", lighting: "柔和自然光" }]
  ])("%s", (text, structured) => {
    expect(composePrompt(text)).toEqual(structured)
  })

  it("an edit keeps the picture's subject and parts, changing only what it names", () => {
    expect(composePrompt("把背景换成夜空", { base: drawnTurn.drawing!.structured })).toEqual({
      subject: "雪地里的橘猫；把背景换成夜空",
      style: "水彩",
      composition: "特写",
      lighting: "夜晚，冷色环境光"
    })
  })

  it("names itself 本地演示引擎 in every answer and never claims to be a model", async () => {
    const assistant = makeOfflineAssistant()
    expect(assistant).toMatchObject({ label: "本地演示引擎", offline: true })
    for (const text of ["你好", "画一只猫", "你是 GPT 吗？"]) {
      const reply = await assistant.reply([], { text, imageUrls: [] })
      expect(reply.text).toContain("本地演示引擎")
      expect(reply.text).toContain("不是 AI 大模型")
    }
    const attached = await assistant.reply([drawnTurn], { text: "把背景换成夜空", imageUrls: drawnTurn.imageUrls })
    expect(attached.drawing?.structured).toMatchObject({ subject: "雪地里的橘猫；把背景换成夜空", style: "水彩" })
    expect(attached.text).toContain("以这张图为底图")
    const edit = await assistant.reply([drawnTurn], { text: "把背景换成夜空", imageUrls: [] })
    expect(edit.drawing).toMatchObject({ editOf: drawnTurn.imageUrls[0], prompt: "在原图基础上修改：雪地里的橘猫；把背景换成夜空, 水彩, 特写, 夜晚，冷色环境光" })
  })
})
