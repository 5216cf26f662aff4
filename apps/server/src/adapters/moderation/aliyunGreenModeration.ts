import type { AliyunGreenSettings } from "../../platform/moderationConfig.js"
import type { ServiceCheck } from "../../platform/serviceCheck.js"
import { aliyunGreenClient, callGreen } from "./aliyunGreenClient.js"
import { type ContentModeration, ModerationUnavailable, type ModerationVerdict, type TextPlace, type Verdict } from "./contentModerationPort.js"

/**
 * TextModeration's `content` is limited to 600 characters (文本审核增强版 API, ServiceParameters
 * table): a longer text (an article) is checked in pieces of that size, and the worst piece decides.
 */
export const GREEN_TEXT_LIMIT = 600

/** Which Green text service checks each place (the Service values of TextModeration). */
const SERVICE_OF: Readonly<Record<TextPlace, string>> = {
  prompt: "ai_art_detection",
  negative_prompt: "ai_art_detection",
  assistant: "chat_detection",
  nickname: "nickname_detection",
  post: "comment_detection",
  comment: "comment_detection",
  article: "comment_detection",
  circle: "comment_detection",
  assignment: "comment_detection",
  activity: "comment_detection",
  artwork_title: "comment_detection",
  bio: "comment_detection"
}

/** Image Moderation 2.0's general baseline (通用基线检测) for what is published. */
const IMAGE_SERVICE = "baselineCheck"

/**
 * Green's risk levels: high and medium stop the write (a person may still look in the review queue),
 * low goes on flagged for review, none passes. A hit without a level (older answers) stops it.
 */
const verdictOf = (riskLevel: string | undefined, hasLabels: boolean): Verdict => {
  if (!hasLabels || riskLevel === "none") return "pass"
  if (riskLevel === "low") return "review"
  return "refuse"
}

const WORSE: Readonly<Record<Verdict, number>> = { pass: 0, review: 1, refuse: 2 }

interface TextData {
  /** comma-separated; empty when nothing was found */
  readonly labels?: string
  /** a JSON string: {"riskLevel":"high","riskTips":"…","riskWords":"…"} */
  readonly reason?: string
}

interface ImageData {
  readonly DataId?: string
  /** `nonLabel` alone when nothing was found */
  readonly Result?: ReadonlyArray<{ readonly Label?: string; readonly Confidence?: number }>
  readonly RiskLevel?: string
}

const riskLevelOf = (reason: string | undefined): string | undefined => {
  if (reason === undefined || reason === "") return undefined
  try {
    const parsed = JSON.parse(reason) as { readonly riskLevel?: unknown }
    return typeof parsed.riskLevel === "string" ? parsed.riskLevel : undefined
  } catch {
    return undefined
  }
}

const pieces = (text: string): ReadonlyArray<string> => {
  const chars = [...text]
  const out: Array<string> = []
  for (let start = 0; start < chars.length; start += GREEN_TEXT_LIMIT) out.push(chars.slice(start, start + GREEN_TEXT_LIMIT).join(""))
  return out.length === 0 ? [""] : out
}

/**
 * MIDO_MODERATION=aliyun: Aliyun 内容安全 (Green 2022-03-02) TextModeration for texts and
 * ImageModeration (baselineCheck, by the image's public URL, which Aliyun fetches) for images.
 * Throttling and outages throw ModerationUnavailable (features/moderation refuses the write).
 */
export const aliyunGreenModeration = (settings: AliyunGreenSettings): ContentModeration => {
  const client = aliyunGreenClient(settings)
  return {
    label: "aliyun",
    checkText: async ({ uid, place, text }) => {
      let worst: ModerationVerdict = { verdict: "pass", labels: [] }
      for (const content of pieces(text)) {
        const data = await callGreen<TextData>(client, "TextModeration", SERVICE_OF[place], { content, accountId: String(uid) })
        const labels = (data.labels ?? "").split(",").map((label) => label.trim()).filter((label) => label !== "")
        const verdict = verdictOf(riskLevelOf(data.reason), labels.length > 0)
        if (WORSE[verdict] > WORSE[worst.verdict]) worst = { verdict, labels }
        if (worst.verdict === "refuse") break
      }
      return worst
    },
    checkImage: async ({ uid, url, dataId }) => {
      const data = await callGreen<ImageData>(client, "ImageModeration", IMAGE_SERVICE, { imageUrl: url, dataId, accountId: String(uid) })
      const labels = (data.Result ?? []).map((row) => row.Label ?? "").filter((label) => label !== "" && label !== "nonLabel")
      return { verdict: verdictOf(data.RiskLevel, labels.length > 0), labels }
    }
  }
}

/**
 * The doctor's check (name "moderation"): one TextModeration of a harmless word, which proves the
 * AccessKey, its RAM right (AliyunYundunGreenWebFullAccess) and that the service is opened (408
 * otherwise). It is billed like any check (one text).
 */
export const aliyunGreenServiceCheck = (settings: AliyunGreenSettings): ServiceCheck => ({
  name: "moderation",
  check: async () => {
    try {
      await aliyunGreenModeration(settings).checkText({ uid: 0, place: "comment", text: "你好" })
      return { ok: true, detail: `Aliyun 内容安全 at ${settings.endpoint} (${settings.region}): TextModeration answers` }
    } catch (error) {
      const reason = error instanceof ModerationUnavailable ? error.providerCode : error instanceof Error ? error.message : String(error)
      return { ok: false, detail: `Aliyun 内容安全 at ${settings.endpoint}: ${reason}` }
    }
  }
})
