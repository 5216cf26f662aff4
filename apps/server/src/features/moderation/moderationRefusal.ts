import { Refusal, refusalsOf } from "../../platform/refusal.js"

/** Why moderation refuses, in words that name no list, word or label (MO6). */
export class ModerationRefusal extends Refusal {}

export const { badInput, notFound, conflict, tooMany } = refusalsOf(ModerationRefusal)

export const TEXT_REFUSED = "内容包含不适宜的信息，请修改后重试"
export const IMAGE_REFUSED = "图片未通过内容审核，暂时无法发布"
export const MODERATION_BUSY = "内容审核繁忙，请稍后再试"
export const MODERATION_UNAVAILABLE = "内容审核暂时不可用，请稍后再试"
