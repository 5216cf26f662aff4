import { type InputCallError, userMessage } from "@mido/core"
import { type TaskView } from "@mido/core/generation"
import { FetchServerEventsLayer, Generation, GenerationLayer } from "@mido/core/generation"
import { Cause, Effect, Exit, Layer, Stream } from "effect"
import { describeError, harnessClientLayer } from "./api.js"
import { FlagError, submitFromFlags } from "./generateFlags.js"

/** Where a command writes as it goes (progress cannot wait for the end), and what can stop it (Ctrl-C). */
export interface CommandIo {
  readonly out: (line: string) => void
  readonly err: (line: string) => void
  /** Aborted on Ctrl-C: the watch stops and the server is asked to cancel the task. */
  readonly signal?: AbortSignal
  /** MIDO_SERVER and MIDO_TOKEN stand in for --server and --token. */
  readonly env?: Readonly<Record<string, string | undefined>>
}

/** Generation for a server and a token: live HTTP and server-sent events; tests pass a memory one. */
export type GenerationFor = (server: string, token: string) => Layer.Layer<Generation>

export const liveGeneration: GenerationFor = (server, token) =>
  Layer.provide(GenerationLayer(), Layer.merge(harnessClientLayer(server, token), FetchServerEventsLayer({ baseUrl: server })))

/** The exit code of a run that Ctrl-C stopped (128 + SIGINT), as shells report it. */
export const INTERRUPTED_EXIT = 130

/** Server and token from the flags or the environment; undefined after printing why they are missing. */
export const connectionOf = (options: ReadonlyMap<string, string>, io: CommandIo) => {
  const server = options.get("server") ?? options.get("base-url") ?? io.env?.MIDO_SERVER
  const token = options.get("token") ?? io.env?.MIDO_TOKEN
  if (server === undefined) io.err("请用 --server URL 指定服务器（--server is required, or set MIDO_SERVER）")
  else if (token === undefined) io.err("请先登录：mido login 取得 token，再用 --token 或 MIDO_TOKEN 传入（not logged in: pass --token or set MIDO_TOKEN）")
  else return { server, token }
  return undefined
}

export const progressLine = (task: TaskView): string => {
  switch (task.status) {
    case "queued":
      return task.position === undefined ? "排队中" : `排队中 第 ${task.position} 位`
    case "running":
      return `绘制中 ${task.progress}%`
    case "succeeded":
      return "完成"
    case "failed":
      return "失败"
    case "cancelled":
      return "已取消"
  }
}

const refundNote = (task: TaskView) => (task.refunded > 0 ? `，已退还 ${task.refunded} 米豆` : "")

/** The end of a watched task: its images (exit 0), or why it did not make them (exit 1). */
const report = (task: TaskView, io: CommandIo): number => {
  for (const image of task.images) io.out(`作品 ${image.artwork_id}  ${image.url}  ${image.width}x${image.height}`)
  if (task.status === "succeeded") {
    if (task.images.length < task.num) io.err(`部分失败：${task.reason ?? "部分图片未生成"}${refundNote(task)}`)
    return 0
  }
  io.err(task.status === "failed" ? `失败：${task.reason ?? "未知原因"}${refundNote(task)}` : `任务已取消${refundNote(task)}`)
  return 1
}

export const callFailure = (error: InputCallError | FlagError, io: CommandIo): number => {
  if (error instanceof FlagError) {
    io.err(error.message)
    return 2
  }
  if (error._tag === "InvalidInput") {
    io.err(`${error.message}（${error.field}）`)
    return 2
  }
  io.err(error._tag === "Unauthorized" ? `登录已失效，请重新登录（${error.msg}）` : `${userMessage(error) ?? "请求失败"}  ${JSON.stringify(describeError(error))}`)
  return 1
}

/**
 * `mido generate --type sd --prompt … [flags] --server URL --token T`: submits a task through the
 * core's Generation service, prints its progress (排队中 第 N 位, 绘制中 45%, 完成) and then the
 * artwork ids and image URLs. Exit 0 when it succeeded, 1 when it failed or was cancelled (the reason
 * and the refund on stderr), 2 for a bad flag or input, 130 after Ctrl-C (which asks the server to
 * cancel the task). An sd task without --checkpoint takes the engine's first one.
 */
export const runGenerate = async (options: ReadonlyMap<string, string>, io: CommandIo, generationFor: GenerationFor = liveGeneration): Promise<number> => {
  const connection = connectionOf(options, io)
  if (connection === undefined) return 2
  let parsed: ReturnType<typeof submitFromFlags>
  try {
    parsed = submitFromFlags(options)
  } catch (error) {
    if (error instanceof FlagError) return callFailure(error, io)
    throw error
  }
  let cancelled: TaskView | undefined
  const program = Effect.gen(function* () {
    const generation = yield* Generation
    let input = parsed.input
    if (input.type === "sd" && input.checkpoint === "") {
      const [first] = (yield* generation.catalog("sd")).checkpoints
      if (first === undefined) return yield* Effect.fail(new FlagError("引擎没有可用的模型，请用 --checkpoint 指定（the engine lists no checkpoint: pass --checkpoint）"))
      input = { ...input, checkpoint: first }
    }
    // submit and the start of the watch are one step for Ctrl-C: a task that was charged is either
    // watched or asked to cancel, never left behind
    return yield* Effect.uninterruptibleMask((restore) =>
      Effect.flatMap(generation.submit(input), (submitted) => {
        io.out(`已提交任务 ${submitted.id}，消耗 ${submitted.cost} 米豆（${submitted.engine}）`)
        let last = submitted
        let shown = ""
        const show = (task: TaskView) => {
          last = task
          const line = progressLine(task)
          if (line !== shown) io.out(line)
          shown = line
        }
        return restore(Stream.runForEach(generation.watch(submitted.id), (task) => Effect.sync(() => show(task)))).pipe(
          // Ctrl-C: stop watching and ask the server to stop drawing (it refunds what it had not made)
          Effect.onInterrupt(() => Effect.ignore(Effect.map(generation.cancel(submitted.id), (task) => (cancelled = task)))),
          Effect.map(() => last)
        )
      }))
  }).pipe(Effect.provide(generationFor(connection.server, connection.token)))
  const exit = await Effect.runPromiseExit(program, io.signal === undefined ? undefined : { signal: io.signal })
  if (Exit.isSuccess(exit)) return report(exit.value, io)
  if (Cause.isInterruptedOnly(exit.cause)) {
    io.err(cancelled === undefined ? "已中断（interrupted）" : `已中断，任务已取消${refundNote(cancelled)}（interrupted, task cancelled）`)
    return INTERRUPTED_EXIT
  }
  const failure = Cause.failureOption(exit.cause)
  if (failure._tag === "Some") return callFailure(failure.value, io)
  throw Cause.squash(exit.cause)
}
