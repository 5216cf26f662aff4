import { Context, Effect } from "effect"
import type { CallError } from "../api/ApiErrors.js"
import type { ReminderType } from "../domain/reminder/Reminder.js"
import type { ReminderContent } from "../domain/reminder/reminderContent.js"
import type { DeferredMembers } from "./deferredService.js"

export interface RemindersShape {
  /**
   * The reminder types due now (spec §4, RM1–RM5), ascending: the logged-in user's membership, a fresh
   * balance (one GET /api/v1/user/points), the thresholds of the loaded config and when each type was
   * last shown. Nobody logged in → none, and nothing is asked. `now` (epoch ms) defaults to the Clock.
   */
  readonly due: (now?: number) => Effect.Effect<ReadonlyArray<ReminderType>, CallError>
  /** RM4: remembers that `type` was shown now (the Clock), so it waits 24 hours. */
  readonly markShown: (type: ReminderType) => Effect.Effect<void>
  /** RM6: the wording and buttons of `type` for this user (members and non-members differ). */
  readonly content: (type: ReminderType) => Effect.Effect<ReminderContent>
}

/** The beans-low, high-use and membership-expiring reminders, each at most once per 24 hours (spec §4, §9). */
export class Reminders extends Context.Tag("@mido/core/Reminders")<Reminders, RemindersShape>() {}

/**
 * How each member answers before the code is there (RemindersLive is loaded on first use, ADR 0030):
 * `due` waits for it (a failed load is its NetworkError); `markShown` without the code remembers
 * nothing, as a refused storage write would; `content` is only asked for a type `due` gave, so the
 * code is there by then: a failed load there is a defect.
 */
export const remindersMembers: DeferredMembers<RemindersShape> = {
  due: "call",
  markShown: { offline: () => Effect.void },
  content: { custom: (implementation) => (type) => Effect.flatMap(Effect.orDie(implementation), (reminders) => reminders.content(type)) }
}
