import { Refusal, refusalsOf } from "../../platform/refusal.js"

/** What the review queue and the reports refuse; contract.ts answers it. */
export class ReviewRefusal extends Refusal {}

export const { badInput, conflict, notFound } = refusalsOf(ReviewRefusal)
