import { Refusal, refusalsOf } from "../../platform/refusal.js"

/** What the people services (follows) refuse; contract.ts answers it. */
export class AccountRefusal extends Refusal {}

export const { notFound } = refusalsOf(AccountRefusal)
