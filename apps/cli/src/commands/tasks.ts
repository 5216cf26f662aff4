import { Generation } from "@mido/core/generation"
import { Effect, Exit } from "effect"
import { callFailure, type CommandIo, connectionOf, type GenerationFor, liveGeneration, progressLine } from "./generate.js"

const QUERY_FLAGS = ["q", "type", "model", "status", "from", "to", "cursor", "size"] as const

const shorten = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/**
 * `mido tasks [--q words] [--type sd] [--status failed] [--from 2026-11-01] [--cursor C] --server URL
 * --token T`: one page of my tasks, newest first (id, state, type, time, prompt), and the cursor of
 * the next page. Exit 1 for a failed call, 2 for a bad flag.
 */
export const runTasks = async (options: ReadonlyMap<string, string>, io: CommandIo, generationFor: GenerationFor = liveGeneration): Promise<number> => {
  const connection = connectionOf(options, io)
  if (connection === undefined) return 2
  const query = Object.fromEntries(QUERY_FLAGS.flatMap((name) => (options.has(name) ? [[name, options.get(name)]] : [])))
  const program = Effect.flatMap(Generation, (generation) => generation.list(query)).pipe(Effect.provide(generationFor(connection.server, connection.token)))
  const exit = await Effect.runPromiseExit(program)
  if (Exit.isFailure(exit)) {
    if (exit.cause._tag === "Fail") return callFailure(exit.cause.error, io)
    throw new Error(String(exit.cause))
  }
  const page = exit.value
  if (page.list.length === 0) io.out("没有任务")
  for (const task of page.list) io.out([task.id, progressLine(task), task.type, task.created_at, shorten(task.prompt)].join("  "))
  if (page.next_cursor !== undefined) io.out(`下一页：--cursor ${page.next_cursor}`)
  return 0
}
