import { Refusal, refusalsOf } from "../../platform/refusal.js"

/** What the user lookups refuse (a personal center's owner who does not exist); contract.ts answers it. */
export class UserRefusal extends Refusal {}

export const { notFound } = refusalsOf(UserRefusal)
