import type { RuleCommand } from "./RuleCommand.js"

export const filesRules: ReadonlyArray<RuleCommand> = []
