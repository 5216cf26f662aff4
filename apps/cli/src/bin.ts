// The harness's composition root: it reads argv and stdin and hands them to the commands.
import { runDemo } from "./commands/demo.js"
import { listRules, runRule } from "./commands/rule.js"
import { allRules } from "./rules/index.js"

const readStdin = async (): Promise<string> => {
  const chunks: Array<Buffer> = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString("utf8")
}

const usage = `usage:
  mido rule --list             list the core rules
  mido rule NAME < input.json  run one rule on one JSON value
  mido demo                    a short tour of the rules`

const main = async (args: ReadonlyArray<string>): Promise<number> => {
  const [command, name] = args
  if (command === "rule" && name === "--list") {
    process.stdout.write(listRules(allRules).stdout)
    return 0
  }
  if (command === "rule") {
    const result = runRule(allRules, name, await readStdin())
    process.stdout.write(result.stdout)
    process.stderr.write(result.stderr)
    return result.exitCode
  }
  if (command === "demo") {
    process.stdout.write(runDemo(allRules))
    return 0
  }
  process.stderr.write(`${usage}\n`)
  return command === undefined || command === "--help" ? 0 : 2
}

process.exitCode = await main(process.argv.slice(2))
