import { Refusal, refusalsOf } from "../../platform/refusal.js"

/** What the artwork services refuse (feed cursor, groups, library, upload, reactions, models); contract.ts answers it. */
export class ArtworkRefusal extends Refusal {}

export const { badInput, conflict, forbidden, notFound } = refusalsOf(ArtworkRefusal)
