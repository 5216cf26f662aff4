import type { RuleCommand } from "./RuleCommand.js"

export const formatRules: ReadonlyArray<RuleCommand> = []
