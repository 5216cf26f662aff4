import type { RuleCommand } from "./RuleCommand.js"

export const navRules: ReadonlyArray<RuleCommand> = []
