import { Refusal, refusalsOf } from "../../platform/refusal.js"

/** What the community services refuse (circles, posts, assignments); contract.ts answers it. */
export class CommunityRefusal extends Refusal {}

export const { badInput, forbidden, notFound } = refusalsOf(CommunityRefusal)
