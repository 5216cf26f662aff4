import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import type { CallError } from "../api/ApiErrors.js"
import type { CurrentUser } from "../api/schemas/UserInfo.js"
import { dueReminders, type ReminderUser } from "../domain/reminder/dueReminders.js"
import type { ReminderLastShown, ReminderType } from "../domain/reminder/Reminder.js"
import { type ReminderContent, reminderContent } from "../domain/reminder/reminderContent.js"
import { markReminderShown } from "../domain/reminder/reminderInterval.js"
import { readReminderThresholds } from "../domain/reminder/reminderThresholds.js"
import { KeyValueStore } from "../ports/KeyValueStore.js"
import { Config } from "./Config.js"
import { Session } from "./Session.js"
import { StorageKeys } from "./storageKeys.js"
import { Wallet } from "./Wallet.js"

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

/** When each type was last shown, epoch ms by type ("1", "2", "3"), as stored under StorageKeys.remindersShown. */
const StoredShown = Schema.parseJson(Schema.Struct({
  "1": Schema.optional(Schema.Number),
  "2": Schema.optional(Schema.Number),
  "3": Schema.optional(Schema.Number)
}))

/** The user fields the rule reads; the wire's vip_expired_at_str is the domain's vip_expired_at. */
const reminderUser = (user: CurrentUser): ReminderUser => ({ is_vip: user.is_vip, vip_expired_at: user.vip_expired_at_str })

/**
 * Reads the stamps from storage on every use rather than once: two open tabs then agree on what was
 * shown. A corrupt stored value counts as "never shown" (docs/ARCHITECTURE.md, Conventions); the next markShown replaces it.
 */
export const RemindersLive = Layer.effect(
  Reminders,
  Effect.gen(function* () {
    const session = yield* Session
    const wallet = yield* Wallet
    const config = yield* Config
    const store = yield* KeyValueStore

    const lastShown: Effect.Effect<ReminderLastShown> = Effect.map(store.get(StorageKeys.remindersShown), (text) =>
      text === undefined ? {} : Option.getOrElse(Schema.decodeUnknownOption(StoredShown)(text), (): ReminderLastShown => ({})))

    return Reminders.of({
      due: (now) =>
        Effect.gen(function* () {
          const user = yield* session.user
          if (Option.isNone(user)) return []
          const balance = yield* wallet.balance
          return dueReminders({
            user: reminderUser(user.value),
            balance,
            thresholds: readReminderThresholds(yield* config.current),
            lastShown: yield* lastShown,
            now: now ?? (yield* Clock.currentTimeMillis)
          })
        }),
      markShown: (type) =>
        Effect.gen(function* () {
          const stamps = markReminderShown(yield* lastShown, type, yield* Clock.currentTimeMillis)
          yield* store.set(StorageKeys.remindersShown, yield* Effect.orDie(Schema.encode(StoredShown)(stamps)))
        }),
      content: (type) =>
        Effect.map(session.user, (user) => reminderContent(type, Option.exists(user, (current) => current.is_vip)))
    })
  })
)
