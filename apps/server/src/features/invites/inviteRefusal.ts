import { Refusal, refusalsOf } from "../../platform/refusal.js"

/** Why the invite calls refuse (mapped to the envelope by platform/contract.ts). */
export class InviteRefusal extends Refusal {}

export const { notFound, tooMany } = refusalsOf(InviteRefusal)
