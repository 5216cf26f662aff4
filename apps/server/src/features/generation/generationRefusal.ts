import { Refusal, refusalsOf } from "../../platform/refusal.js"

/** What the generation services refuse (submit, limits, beans, tasks); contract.ts answers it. */
export class GenerationRefusal extends Refusal {}

export const { badInput, conflict, notFound, tooMany } = refusalsOf(GenerationRefusal)

/** The spec-style answer when the balance is short: nothing is charged, nothing is queued. */
export const NOT_ENOUGH_BEANS = "米豆不足，请先充值"
