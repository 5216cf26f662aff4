import { Clock, Effect, Option, Schema } from "effect"
import type { CurrentUser } from "../api/schemas/UserInfo.js"
import { dueReminders, type ReminderUser } from "../domain/reminder/dueReminders.js"
import type { ReminderLastShown } from "../domain/reminder/Reminder.js"
import { reminderContent } from "../domain/reminder/reminderContent.js"
import { markReminderShown } from "../domain/reminder/reminderInterval.js"
import { readReminderThresholds } from "../domain/reminder/reminderThresholds.js"
import type { KeyValueStoreShape } from "../ports/KeyValueStore.js"
import type { ConfigShape } from "./Config.js"
import type { RemindersShape } from "./Reminders.js"
import type { SessionShape } from "./Session.js"
import { StorageKeys } from "./storageKeys.js"
import type { WalletShape } from "./Wallet.js"

/** What Reminders works with; RemindersLive reads it from the context when the app starts. */
export interface RemindersDependencies {
  readonly session: SessionShape
  readonly wallet: WalletShape
  readonly config: ConfigShape
  readonly store: KeyValueStoreShape
}

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
export const makeReminders = ({ session, wallet, config, store }: RemindersDependencies): RemindersShape => {
  const lastShown: Effect.Effect<ReminderLastShown> = Effect.map(store.get(StorageKeys.remindersShown), (text) =>
    text === undefined ? {} : Option.getOrElse(Schema.decodeUnknownOption(StoredShown)(text), (): ReminderLastShown => ({})))

  return {
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
  }
}
