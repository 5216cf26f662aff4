import { type ImagePlace, ModerationUnavailable, type TextPlace } from "../../adapters/moderation/contentModerationPort.js"
import type { ServerDeps } from "../../platform/deps.js"
import { ApiFailure, Codes } from "../../platform/failure.js"
import { IMAGE_REFUSED, MODERATION_BUSY, MODERATION_UNAVAILABLE, TEXT_REFUSED, badInput, tooMany } from "./moderationRefusal.js"
import { recordOutcome } from "./moderationOutcomes.js"
import { listedWords } from "./wordList.js"
import { findListedWord } from "./wordMatch.js"

/** Where a user's text will be shown to others; a content check may treat each differently. */
export type PublicTextPlace = "bio" | "nickname"

export interface PublicText {
  readonly uid: number
  readonly place: PublicTextPlace
  /** already normalized and within its length rule (the route's schema) */
  readonly text: string
}

export interface TextToModerate {
  readonly place: TextPlace
  readonly text: string
  /** the item it belongs to when it already exists (an artwork's title), for the review queue */
  readonly targetId?: string
}

/** Seconds a user is asked to wait when the provider throttles (its limits are per second). */
const THROTTLED_RETRY_SECONDS = 5

/** The provider could not answer: the write is refused (fails closed, ADR 0024) and the operator is told in the log. */
const unavailable = (deps: ServerDeps, error: ModerationUnavailable, place: string): never => {
  const fields = { provider: deps.moderation.label, provider_code: error.providerCode, place }
  if (error.reason === "throttled") {
    deps.log.warn("moderation throttled", fields)
    throw tooMany(MODERATION_BUSY, THROTTLED_RETRY_SECONDS)
  }
  deps.log.error("moderation unavailable", { ...fields, alert: "moderation_provider" })
  throw new ApiFailure(Codes.unavailable, MODERATION_UNAVAILABLE)
}

/**
 * The one door every user text passes before anything is charged or stored (issue 29): the
 * operator's word list first (MO1–MO5, in this process's copy), then the configured provider's
 * opinion. A refusal throws 内容包含不适宜的信息，请修改后重试 (MO6, naming nothing of the list) and
 * writes the outcome for the review queue (MO7); a "review" verdict goes on and is written too.
 * Empty texts are not sent anywhere.
 */
export const moderateTexts = async (deps: ServerDeps, uid: number, texts: ReadonlyArray<TextToModerate>): Promise<void> => {
  const present = texts.filter((item) => item.text.trim() !== "")
  if (present.length === 0) return
  const words = await listedWords(deps.db, deps.moderationWords)
  for (const { place, text } of present) {
    const hit = findListedWord(words, text)
    if (hit !== undefined) {
      await recordOutcome(deps.db, { uid, place, content: text, verdict: "refuse", labels: [`word:${hit}`], checker: "wordlist", at: deps.now() })
      throw badInput(TEXT_REFUSED)
    }
  }
  for (const { place, text, targetId } of present) {
    const opinion = await deps.moderation.checkText({ uid, place, text }).catch((error: unknown) => {
      if (error instanceof ModerationUnavailable) return unavailable(deps, error, place)
      throw error
    })
    if (opinion.verdict === "pass") continue
    await recordOutcome(deps.db, { uid, place, targetId, content: text, verdict: opinion.verdict, labels: opinion.labels, checker: deps.moderation.label, at: deps.now() })
    if (opinion.verdict === "refuse") throw badInput(TEXT_REFUSED)
  }
}

/** One text through moderateTexts. */
export const moderateText = (deps: ServerDeps, uid: number, place: TextPlace, text: string): Promise<void> =>
  moderateTexts(deps, uid, [{ place, text }])

/**
 * The profile's public texts (issue 25's door): moderated, then answered as they are to be stored.
 */
export const checkPublicText = async (deps: ServerDeps, input: PublicText): Promise<string> => {
  await moderateText(deps, input.uid, input.place, input.text)
  return input.text
}

/**
 * MO8: images about to be shown to others pass the provider's image check first (the built-in
 * adapter passes them). A refused image stops the publish with 图片未通过内容审核; every non-pass
 * is written for the review queue.
 */
export const moderateImages = async (
  deps: ServerDeps,
  uid: number,
  place: ImagePlace,
  targetId: string,
  urls: ReadonlyArray<string>
): Promise<void> => {
  for (const url of urls) {
    const opinion = await deps.moderation.checkImage({ uid, place, url, dataId: targetId }).catch((error: unknown) => {
      if (error instanceof ModerationUnavailable) return unavailable(deps, error, place)
      throw error
    })
    if (opinion.verdict === "pass") continue
    await recordOutcome(deps.db, { uid, place, targetId, content: url, verdict: opinion.verdict, labels: opinion.labels, checker: deps.moderation.label, at: deps.now() })
    if (opinion.verdict === "refuse") throw badInput(IMAGE_REFUSED)
  }
}
