import { Either } from "effect"
import type { RuleCommand } from "../rules/RuleCommand.js"

export interface CommandResult {
  readonly exitCode: number
  readonly stdout: string
  readonly stderr: string
}

const fail = (message: string): CommandResult => ({ exitCode: 2, stdout: "", stderr: `${message}\n` })

export const listRules = (rules: ReadonlyArray<RuleCommand>): CommandResult => {
  const width = Math.max(...rules.map((rule) => rule.name.length))
  const lines = rules.map((rule) => `${rule.name.padEnd(width)}  ${rule.summary}`)
  return { exitCode: 0, stdout: `${lines.join("\n")}\n`, stderr: "" }
}

/** `mido rule NAME`: one JSON value in, one JSON value out; malformed input exits 2. */
export const runRule = (rules: ReadonlyArray<RuleCommand>, name: string | undefined, stdin: string): CommandResult => {
  if (name === undefined) return fail("usage: mido rule NAME < input.json   (mido rule --list for the names)")
  const rule = rules.find((candidate) => candidate.name === name)
  if (rule === undefined) return fail(`unknown rule "${name}"; mido rule --list shows the names`)
  let input: unknown
  try {
    input = JSON.parse(stdin)
  } catch (error) {
    return fail(`input is not one JSON value: ${error instanceof Error ? error.message : String(error)}`)
  }
  return Either.match(rule.execute(input), {
    onLeft: (message) => fail(`bad input for ${name}:\n${message}`),
    onRight: (output) => ({ exitCode: 0, stdout: `${JSON.stringify(output)}\n`, stderr: "" })
  })
}
