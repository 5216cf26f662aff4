import { parseChinaDateTime } from "@mido/core"
import { dueReminders } from "@mido/core/account"
import { Schema } from "effect"
import { defineRule } from "./RuleCommand.js"

/** An expiry must be a date-time the core can read; anything else is malformed input. */
const ExpiryText = Schema.String.pipe(
  Schema.filter((text) => parseChinaDateTime(text) !== undefined, {
    message: () => "vip_expired_at must be an ISO 8601 date-time (China time when it has no zone)"
  })
)

/** A missing or null threshold is valid input: it switches that reminder off (RM5). */
const Threshold = Schema.optional(Schema.NullOr(Schema.Number))
const Stamp = Schema.optional(Schema.Number)

const Input = Schema.Struct({
  user: Schema.Struct({
    is_vip: Schema.Boolean,
    vip_level: Schema.optional(Schema.NullOr(Schema.Int)),
    vip_expired_at: Schema.optional(Schema.NullOr(ExpiryText))
  }),
  balance: Schema.Struct({ balance: Schema.Number, today_consumed: Schema.Number }),
  config: Schema.Struct({
    remainingBeanThreshold: Threshold,
    dailyConsumeThreshold: Threshold,
    expireRemainDays: Threshold
  }),
  lastShown: Schema.Struct({ "1": Stamp, "2": Stamp, "3": Stamp }),
  now: Schema.Number
})

export const reminderRules = [
  defineRule({
    name: "reminder.decide",
    summary: "the reminder types due now: beans low, high daily use, membership expiring (RM1–RM5)",
    input: Input,
    run: ({ user, balance, config, lastShown, now }) => ({
      reminders: dueReminders({
        user,
        balance,
        thresholds: {
          remainingBeanThreshold: config.remainingBeanThreshold ?? undefined,
          dailyConsumeThreshold: config.dailyConsumeThreshold ?? undefined,
          expireRemainDays: config.expireRemainDays ?? undefined
        },
        lastShown,
        now
      })
    })
  })
]
