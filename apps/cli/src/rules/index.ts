import { artworkRules } from "./artwork.js"
import { couponRules } from "./coupon.js"
import { filesRules } from "./files.js"
import { formatRules } from "./format.js"
import { navRules } from "./nav.js"
import { reminderRules } from "./reminder.js"
import type { RuleCommand } from "./RuleCommand.js"

/** Every rule the harness answers, in the order `mido rule --list` prints them. */
export const allRules: ReadonlyArray<RuleCommand> = [
  ...couponRules,
  ...artworkRules,
  ...reminderRules,
  ...formatRules,
  ...filesRules,
  ...navRules
]
