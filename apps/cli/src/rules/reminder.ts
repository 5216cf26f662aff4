import type { RuleCommand } from "./RuleCommand.js"

export const reminderRules: ReadonlyArray<RuleCommand> = []
