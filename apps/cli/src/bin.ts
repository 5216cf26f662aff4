// The harness's composition root: it reads argv and stdin and hands them to the commands.
import { runApi } from "./commands/api.js"
import { parseArgs } from "./commands/args.js"
import { runDemo } from "./commands/demo.js"
import { runEngines } from "./commands/engines.js"
import { type CommandIo, runGenerate } from "./commands/generate.js"
import { runLogin } from "./commands/login.js"
import { listRules, runRule } from "./commands/rule.js"
import { runTasks } from "./commands/tasks.js"
import { allRules } from "./rules/index.js"

const readStdin = async (): Promise<string> => {
  const chunks: Array<Buffer> = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString("utf8")
}

const usage = `usage:
  mido rule --list             list the core rules
  mido rule NAME < input.json  run one rule on one JSON value
  mido demo                    a short tour of the rules
  mido api ROUTE --base-url URL [--token T] [--json '{…}']
                               call one route of the API contract on a live server
  mido login --phone P --code C --base-url URL
                               log in by SMS code and print the token
  mido generate --type sd --prompt "…" [--negative …] [--checkpoint …] [--sampler "Euler a"]
                [--steps 20] [--cfg 7] [--size 512x512] [--seed -1] [--num 1] --server URL --token T
                               draw: prints the progress, then the artwork ids and image URLs
                               (--type quick --style S | quick_mj --prompt P [--version v7] | agent --prompt P;
                               MIDO_SERVER and MIDO_TOKEN stand in for --server and --token; Ctrl-C cancels)
  mido tasks [--q words] [--type T] [--status S] [--cursor C] --server URL --token T
                               list my tasks, newest first
  mido engines --server URL --health-token T
                               the server's engines: answering, catalogue, problems (MIDO_HEALTH_TOKEN)`

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
  if (command === "api" || command === "login") {
    const { options, positional } = parseArgs(args.slice(1))
    const result = command === "api" ? await runApi(positional[0], options) : await runLogin(options)
    process.stdout.write(result.stdout)
    process.stderr.write(result.stderr)
    return result.exitCode
  }
  if (command === "generate" || command === "tasks" || command === "engines") {
    const { options } = parseArgs(args.slice(1))
    const interrupt = new AbortController()
    // the first Ctrl-C stops the watch and cancels the task; a second one ends the process as usual
    process.once("SIGINT", () => interrupt.abort())
    const io: CommandIo = {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
      signal: interrupt.signal,
      env: process.env
    }
    if (command === "engines") return runEngines(options, io)
    return command === "generate" ? runGenerate(options, io) : runTasks(options, io)
  }
  if (command === "demo") {
    process.stdout.write(runDemo(allRules))
    return 0
  }
  process.stderr.write(`${usage}\n`)
  return command === undefined || command === "--help" ? 0 : 2
}

process.exitCode = await main(process.argv.slice(2))
