import type { RuleCommand } from "./RuleCommand.js"

export const artworkRules: ReadonlyArray<RuleCommand> = []
