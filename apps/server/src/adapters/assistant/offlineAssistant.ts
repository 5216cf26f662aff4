import { type AssistantPort, type AssistantReply, type AssistantRequest, type AssistantTurn, drawingOfImage, imageToEdit, lastDrawing, type StructuredPrompt } from "./assistantPort.js"
import { applyFollowUp, readFollowUp, takeParts } from "./followUp.js"
import { COMPOSITIONS, DEFAULT_PARTS, DRAW_WORDS, EDIT_WORDS, FILLER_WORDS, LIGHTINGS, QUESTION_MARKS, STYLES } from "./promptVocabulary.js"

export const OFFLINE_ASSISTANT_LABEL = "本地演示引擎"

const INTRO = "我是本地演示引擎：按规则把你的描述整理成绘画提示词，不是 AI 大模型。"

const HELP =
  `${INTRO}我只会整理绘画需求，回答不了一般问题。告诉我想画什么，比如「画一只在雪地里的橘猫，水彩风格，黄昏」，` +
  "我会整理成主体、风格、构图、光线四项，你确认消耗后再交给绘画引擎；想改上一张图，说「把背景换成夜空」，或附上一张图再说怎么改。"

const has = (text: string, words: ReadonlyArray<string>): boolean => words.some((word) => text.includes(word))

const subjectOf = (rest: string): string => {
  let subject = ` ${rest} `
  for (const word of FILLER_WORDS) subject = subject.split(word).join(" ")
  return subject
    .replace(/[一两几]?[个只位张幅座条片棵朵间群头匹辆杯盏艘](?=\S)/g, (word) => (word.length === 2 ? "" : word))
    .split(/[，。！？、；：,.!?;:"“”'‘’()（）「」\s]+/)
    .map((part) => part.replace(/^[的和与在]+|[的和与在]+$/g, ""))
    .filter((part) => part !== "")
    // English words keep their spaces; Chinese fragments left apart by removed words get a comma
    .reduce((joined, part) => (joined === "" ? part : /[A-Za-z0-9]$/.test(joined) && /^[A-Za-z0-9]/.test(part) ? `${joined} ${part}` : `${joined}，${part}`), "")
}

/**
 * The rules that make a structured prompt of a request: style, composition and lighting from the
 * vocabulary (the first named, or the edited picture's, or a plain default), the subject from what
 * is left once those words and the request's fillers are removed.
 */
export const composePrompt = (text: string, edit: { readonly base?: StructuredPrompt } | undefined = undefined): StructuredPrompt => {
  const lower = text.toLowerCase()
  const style = takeParts(lower, STYLES)
  const composition = takeParts(style.rest, COMPOSITIONS)
  const lighting = takeParts(composition.rest, LIGHTINGS)
  const base = edit?.base
  // an edit keeps its instruction whole ("把背景换成夜空"), after the picture it changes
  const subject = edit === undefined ? subjectOf(lighting.rest) : subjectOf(lower)
  const edited = edit === undefined ? subject : [base?.subject, subject].filter((part) => part !== undefined && part !== "").join("；")
  return {
    subject: edited !== "" ? edited : "一幅画",
    style: style.parts.join("，") || base?.style || DEFAULT_PARTS.style,
    composition: composition.parts.join("，") || base?.composition || DEFAULT_PARTS.composition,
    lighting: lighting.parts.join("，") || base?.lighting || DEFAULT_PARTS.lighting
  }
}

export const promptText = (structured: StructuredPrompt, edit: boolean): string =>
  [edit ? `在原图基础上修改：${structured.subject}` : structured.subject, structured.style, structured.composition, structured.lighting].join(", ")

type Intent = "draw" | "edit" | "talk"

/** What the request asks: a new picture, an edit (needs an image to edit), or talk. */
export const intentOf = (text: string, history: ReadonlyArray<AssistantTurn>, message: AssistantRequest): Intent => {
  const lower = text.toLowerCase()
  const canEdit = imageToEdit(history, message) !== undefined
  const editing = has(lower, EDIT_WORDS)
  const drawing = has(lower, DRAW_WORDS)
  if (canEdit && (editing || (message.imageUrls.length > 0 && (drawing || has(lower, STYLES.flatMap((entry) => entry.words)))))) return "edit"
  if (drawing) return "draw"
  if (editing && !canEdit) return "talk"
  const asks = has(lower, QUESTION_MARKS)
  // a bare description ("雪山下的小木屋，水彩") with style words is a request for a picture too
  const described = [STYLES, COMPOSITIONS, LIGHTINGS].some((table) => has(lower, table.flatMap((entry) => entry.words)))
  return described && !asks ? "draw" : "talk"
}

const answer = (structured: StructuredPrompt, editOf: string | undefined, what: string): AssistantReply => ({
  text: `${INTRO}我把你的描述整理成了下面四项，${what}确认消耗后交给绘画引擎绘制。`,
  drawing: { prompt: promptText(structured, editOf !== undefined), structured, ...(editOf === undefined ? {} : { editOf }) }
})

/**
 * AS4: a follow-up to the last drawing (no image attached) keeps its subject: 再来一张 draws a new
 * picture of it, any other change edits the last picture (when there is one) with the parts changed.
 */
const followUpReply = (history: ReadonlyArray<AssistantTurn>, message: AssistantRequest): AssistantReply | undefined => {
  const base = message.imageUrls.length === 0 ? lastDrawing(history) : undefined
  if (base === undefined) return undefined
  const followUp = readFollowUp(message.text)
  if (followUp.kind === "new") return undefined
  const structured = applyFollowUp(base.structured, followUp)
  const editOf = followUp.again ? undefined : imageToEdit(history, message)
  return answer(structured, editOf, editOf === undefined ? "主体不变，" : "会以上一张图为底图修改，")
}

/** The offline assistant: an honest prompt composer that names itself in every answer. */
export const makeOfflineAssistant = (): AssistantPort => ({
  label: OFFLINE_ASSISTANT_LABEL,
  offline: true,
  reply: (history, message) => {
    const followUp = followUpReply(history, message)
    if (followUp !== undefined) return Promise.resolve(followUp)
    const intent = intentOf(message.text, history, message)
    if (intent === "talk") return Promise.resolve({ text: HELP })
    const editOf = intent === "edit" ? imageToEdit(history, message) : undefined
    // an edit of a picture drawn here (attached again with 编辑这张图, or simply the last one) keeps its parts
    const drawn = editOf === undefined ? undefined : drawingOfImage(history, editOf) ?? (message.imageUrls.length === 0 ? lastDrawing(history) : undefined)
    const structured = composePrompt(message.text, editOf === undefined ? undefined : drawn === undefined ? {} : { base: drawn.structured })
    const what = editOf === undefined ? "" : drawn !== undefined ? "会以这张图为底图修改，" : "会以你附上的图片为底图修改，"
    return Promise.resolve(answer(structured, editOf, what))
  }
})
