import { type CirclesShape, makeCirclesService } from "@mido/core/circle"
import type { ServiceRunner } from "../ServiceRunner.js"

/** The circle pages' calls over the app's runtime (@mido/core/circle arrives with their chunk). */
export const circleCalls = (runner: ServiceRunner): CirclesShape => {
  const made = runner.now(makeCirclesService)
  if (made instanceof Promise) throw new Error("the circle calls are made from services that are already there")
  return made
}


/** A join / leave answer seen on a page, laid over what the lists said. */
export interface MembershipChange {
  readonly is_joined: boolean
  readonly member_count: number
}
