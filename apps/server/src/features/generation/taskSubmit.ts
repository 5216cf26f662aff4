import { type TaskSubmit, type TaskView } from "@mido/core/generation"
import { engineLimitsOf, taskCostInputOf, toolResultCount, toolRunsOn, validateTask } from "@mido/core/generation"
import { randomInt, randomUUID } from "node:crypto"
import { and, eq, inArray, sql } from "drizzle-orm"
import { tasks } from "../../db/schema/tasks.js"
import { wallets } from "../../db/schema/commerce.js"
import type { ServerDeps } from "../../platform/deps.js"
import { windowRowsWait } from "../../platform/windowRows.js"
import { ConfigKeys, configWholeNumbers } from "../appConfig/appConfig.js"
import { spendBeans } from "../beans/beans.js"
import { taskCost } from "../artworks/taskPricing.js"
import { badInput, NOT_ENOUGH_BEANS, tooMany } from "./generationRefusal.js"
import { checkInputs } from "./taskInputs.js"
import { checkToolSubmit } from "./toolSubmitCheck.js"
import { checkSubmitNames } from "./taskNames.js"
import { queueNameOf, queueSettingsOf } from "./taskQueues.js"
import { taskView } from "./taskView.js"
import { CHARGE_KIND } from "./taskSettle.js"
import { tuningOf } from "./generationTuning.js"
import { prepareMjSubmit } from "./mjActionSubmit.js"
import { moderateTexts } from "../moderation/textCheck.js"

const MAX_SEED = 4294967295

/**
 * R37: the drawing and tool tasks one user may submit in an hour, on top of the queued-task count
 * (generation.max-queued): a retry is a new charged task and counts; a repeated request_id does not.
 */
export const GENERATION_SUBMITS_PER_HOUR = 30
const HOUR_MS = 3_600_000

/** The prompt searched in my tasks, and the model shown beside it. */
const promptOf = (submit: TaskSubmit): string => (submit.type === "quick" || submit.type === "tool" ? submit.prompt ?? "" : submit.prompt)
const negativeOf = (submit: TaskSubmit): string => ("negative_prompt" in submit ? submit.negative_prompt ?? "" : "")
const modelOf = (submit: TaskSubmit): string | null =>
  submit.type === "sd" ? submit.checkpoint : submit.type === "quick_mj" ? submit.version : submit.type === "quick" ? submit.style_name : null

/** The submit as recorded: an sd seed of -1 replaced by the seed drawn (retry draws again, see retry). */
const resolveSeed = (submit: TaskSubmit): { params: TaskSubmit; seed: number; random: boolean } => {
  if (submit.type === "sd" && submit.seed >= 0) return { params: submit, seed: submit.seed, random: false }
  const seed = randomInt(0, MAX_SEED)
  return { params: submit.type === "sd" ? { ...submit, seed } : submit, seed, random: true }
}

const isUniqueViolation = (error: unknown): boolean => {
  const code = (value: unknown) => (typeof value === "object" && value !== null && "code" in value ? (value as { code: unknown }).code : undefined)
  return code(error) === "23505" || code((error as { cause?: unknown } | null)?.cause) === "23505"
}

const byRequest = async (deps: ServerDeps, uid: number, requestId: string | undefined) => {
  if (requestId === undefined) return undefined
  const [row] = await deps.db.select().from(tasks).where(and(eq(tasks.uid, uid), eq(tasks.requestId, requestId))).limit(1)
  return row
}

/**
 * Submits a task: validated against its engine's limits (GV rules), its names against what the
 * engine and Mido offer (taskNames.ts: checkpoint, LoRA, sampler, MJ version, style…), the caller's input images
 * checked (R11), the per-user queue limit, then ONE transaction that charges the whole cost (kind
 * gen_charge, ref the task id; 米豆不足 refuses and nothing is queued), inserts the task and
 * enqueues its job. A repeated request_id answers the first task without charging again.
 */
export const submitTask = async (deps: ServerDeps, uid: number, given: TaskSubmit, extra: { readonly retryOf?: string } = {}): Promise<TaskView> => {
  const earlier = await byRequest(deps, uid, given.request_id)
  if (earlier !== undefined) return taskView(deps.db, deps.config, earlier)
  const engine = deps.engines.forTask(given.type, given.type === "tool" ? given.tool : undefined)
  // MJ actions resolved against their grid, references the engine could not fetch refused (ADR 0020)
  const submit = await prepareMjSubmit(deps, uid, given, engine)
  const problem = validateTask(submit, engineLimitsOf(engine.kind))
  if (problem !== undefined) throw badInput(problem.message)
  await checkSubmitNames(deps, submit, engine)
  await checkInputs(deps.db, deps.config, uid, submit)
  if (submit.type === "tool") await checkToolSubmit(deps, uid, submit, engine)
  // the prompts pass moderation before the charge (issue 29): a refusal moves no bean
  await moderateTexts(deps, uid, [{ place: "prompt", text: promptOf(submit) }, { place: "negative_prompt", text: negativeOf(submit) }])
  const now = deps.now()
  const cost = (await taskCost(deps.db, uid, taskCostInputOf(submit), now)).points
  const limits = await configWholeNumbers(deps.db, { [ConfigKeys.generationMaxQueued]: 10 })
  const queue = queueNameOf(engine)
  await deps.jobQueue.ensureQueue(queue, queueSettingsOf(tuningOf(deps.config)))
  const { params, seed, random } = resolveSeed(submit)
  const id = randomUUID()
  try {
    const row = await deps.db.transaction(async (tx) => {
      // one user's submits are decided one at a time (the limit count and the charge): the wallet row lock
      await tx.insert(wallets).values({ uid }).onConflictDoNothing()
      await tx.select({ uid: wallets.uid }).from(wallets).where(eq(wallets.uid, uid)).for("update")
      const [queued] = await tx.select({ n: sql<number>`count(*)::int` }).from(tasks).where(and(eq(tasks.uid, uid), inArray(tasks.status, ["queued"])))
      if ((queued?.n ?? 0) >= (limits[ConfigKeys.generationMaxQueued] ?? 10)) throw tooMany(`排队中的任务已达 ${limits[ConfigKeys.generationMaxQueued]} 个，请等待完成后再提交`)
      // the tasks_mine index (uid, created_at desc) serves the count
      const submits = { table: tasks, at: tasks.createdAt, where: eq(tasks.uid, uid), limit: GENERATION_SUBMITS_PER_HOUR, windowMs: HOUR_MS }
      const wait = await windowRowsWait(tx, submits, now)
      if (wait !== undefined) throw tooMany(`每小时最多提交 ${GENERATION_SUBMITS_PER_HOUR} 个任务，请稍后再试`, wait)
      const [inserted] = await tx.insert(tasks).values({
        id,
        uid,
        type: submit.type,
        tool: submit.type === "tool" ? submit.tool : null,
        engineKind: engine.kind,
        engineLabel: engine.label,
        queue,
        params,
        seed,
        randomSeed: random,
        prompt: promptOf(submit),
        model: modelOf(submit),
        num: submit.type === "tool" ? (toolRunsOn(submit.tool, engine.kind, submit.mask_url !== undefined) === "processor" ? toolResultCount(submit.tool, submit.options) : 1) : submit.num,
        cost,
        requestId: submit.request_id ?? null,
        retryOf: extra.retryOf ?? null,
        createdAt: now
      }).returning()
      if (cost > 0 && !(await spendBeans(tx, deps.ledgerKey, { uid, amount: cost, remark: "AI绘画消耗", kind: CHARGE_KIND, ref: id, now }))) throw badInput(NOT_ENOUGH_BEANS)
      await deps.jobQueue.enqueue(queue, id, tx)
      return inserted!
    })
    deps.jobQueue.wake(queue)
    return await taskView(deps.db, deps.config, row)
  } catch (error) {
    // two submits with one request_id at once: the second loses on the unique index and answers the first
    const first = isUniqueViolation(error) ? await byRequest(deps, uid, submit.request_id) : undefined
    if (first !== undefined) return taskView(deps.db, deps.config, first)
    throw error
  }
}
