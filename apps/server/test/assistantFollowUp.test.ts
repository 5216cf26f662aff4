import { describe, expect, it } from "vitest"
import type { AssistantTurn, StructuredPrompt } from "../src/adapters/assistant/assistantPort.js"
import { applyFollowUp, readFollowUp } from "../src/adapters/assistant/followUp.js"
import { makeOfflineAssistant } from "../src/adapters/assistant/offlineAssistant.js"

const cat: StructuredPrompt = { subject: "樱花树下看书的橘猫", style: "水彩", composition: "主体居中，中景", lighting: "柔和自然光" }
const drawn: AssistantTurn = { role: "assistant", text: "…", imageUrls: ["http://storage/uploads/generated/u/1/t/1.png"], drawing: { prompt: "p", structured: cat } }

describe("AS1–AS3: a message after a drawing keeps its subject and changes what it names", () => {
  it.each([
    ["AS1", "再来一张，换成油画风格", { subject: "樱花树下看书的橘猫", style: "油画" }, true],
    ["AS1", "再来一张", { subject: "樱花树下看书的橘猫", style: "水彩" }, true],
    ["AS1", "再画一张油画风格的", { subject: "樱花树下看书的橘猫", style: "油画" }, true],
    ["AS1", "one more, watercolor", { subject: "樱花树下看书的橘猫", style: "水彩" }, true],
    ["AS1", "换成油画风格", { subject: "樱花树下看书的橘猫", style: "油画" }, false],
    ["AS1", "改成赛博朋克", { subject: "樱花树下看书的橘猫", style: "赛博朋克" }, false],
    ["AS1", "油画风格，黄昏", { subject: "樱花树下看书的橘猫", style: "油画", lighting: "黄昏暖光" }, false],
    ["AS1", "改成夜晚，特写", { subject: "樱花树下看书的橘猫", composition: "特写", lighting: "夜晚，冷色环境光" }, false],
    ["AS3", "加上一只小狗", { subject: "樱花树下看书的橘猫；加上一只小狗", style: "水彩" }, false],
    ["AS3", "去掉樱花", { subject: "樱花树下看书的橘猫；去掉樱花" }, false],
    ["AS3", "换个颜色", { subject: "樱花树下看书的橘猫；换个颜色" }, false],
    ["AS3", "更亮一点", { subject: "樱花树下看书的橘猫；更亮一点" }, false],
    ["AS3", "再来一张，加上月光", { subject: "樱花树下看书的橘猫", lighting: "月光" }, true],
    ["AS3", "把背景换成夜空", { subject: "樱花树下看书的橘猫；把背景换成夜空", lighting: "夜晚，冷色环境光" }, false]
  ] as const)("%s %s", (_rule, text, expected, again) => {
    const followUp = readFollowUp(text)
    expect(followUp).toMatchObject({ kind: "follow-up", again })
    if (followUp.kind !== "follow-up") return
    expect(applyFollowUp(cat, followUp)).toEqual({ ...cat, ...expected })
  })

  it.each([
    ["AS2", "画一只在海边的小狗"],
    ["AS2", "帮我画一只小狗，换成油画风格"],
    ["AS2", "来一张雪山下的小木屋"],
    ["AS2", "一只小狗，水彩"],
    ["AS2", "你好"],
    ["AS2", "油画是什么？"],
    ["AS2", ""]
  ])("%s %s → a new request", (_rule, text) => {
    expect(readFollowUp(text)).toEqual({ kind: "new" })
  })
})

describe("AS4: the offline assistant answers a follow-up with the same subject", () => {
  it("再来一张，换成油画风格 draws the cat again in oil, not an edit of the last picture", async () => {
    const reply = await makeOfflineAssistant().reply([drawn], { text: "再来一张，换成油画风格", imageUrls: [] })
    expect(reply.drawing).toEqual({ prompt: "樱花树下看书的橘猫, 油画, 主体居中，中景, 柔和自然光", structured: { ...cat, style: "油画" } })
  })

  it("a change edits the last picture, keeping its subject", async () => {
    const reply = await makeOfflineAssistant().reply([drawn], { text: "换成油画风格", imageUrls: [] })
    expect(reply.drawing).toMatchObject({ editOf: drawn.imageUrls[0], structured: { ...cat, style: "油画" } })
  })

  it("a new full request replaces the subject", async () => {
    const reply = await makeOfflineAssistant().reply([drawn], { text: "画一只在海边的小狗，油画风格", imageUrls: [] })
    expect(reply.drawing?.structured).toMatchObject({ subject: "海边的小狗", style: "油画" })
    expect(reply.drawing?.editOf).toBeUndefined()
  })
})
