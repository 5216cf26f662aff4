import { type CallError, type MjVersion, People, type QuickStyle, type TaskImage, type TaskSubmitWire } from "@mido/core"
import { type EngineCatalog, isFinished, taskCostInputOf, type TaskType, type TaskView } from "@mido/core/generation"
import { type GenerationShape, makeFetchServerEvents, makeGenerationService, type ServerEventsShape } from "@mido/core/generation"
import { Effect, Stream } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"
import type { WalletStore } from "../WalletStore.js"
import { refuseShortBalance, type ShortBalanceRefusal } from "./shortBalance.js"
import { type CostPayload, TaskCost } from "./TaskCost.js"
import { type MjActionKind, type MjActionOffer, mjActionOffer, mjActionSubmitOf } from "./mjActions.js"

/** How many recent tasks of each type come back from the server after a reload. */
export const RECENT_TASKS = 20


/** The points call's payload for a submit: the figures that decide its price (GC7), nothing else. */
export const costPayloadOf = (input: TaskSubmitWire): CostPayload => {
  const figures = taskCostInputOf(input as Parameters<typeof taskCostInputOf>[0])
  return Object.fromEntries(Object.entries(figures).filter(([, value]) => value !== undefined)) as CostPayload
}

/**
 * The drawing tasks of the creation pages (/aigc, /webui, /intelligent): submit after the server's
 * cost check, follow every unfinished task (Generation.watch: events, polling as fallback), cancel
 * and retry. It lives in the root registry (arrives with the first creation page, with the
 * @mido/core/generation chunk), so the tasks survive navigation; after a reload `loadRecent` brings
 * the unfinished and recent ones back from the server's list. A logout stops every watch and empties it.
 */
export class GenerationStore implements Store {
  /** Every task known this session, newest first. */
  tasks: ReadonlyArray<TaskView> = []
  /** Submits on their way (the button shows it). */
  submitting = 0

  readonly #runner: ServiceRunner
  readonly #wallet: WalletStore
  readonly #toasts: ToastStore
  readonly #generation: GenerationShape
  readonly #watches = new Map<string, AbortController>()
  readonly #loadedTypes = new Set<TaskType>()
  readonly #refuseShort: ShortBalanceRefusal

  /** `offerBeans` opens the purchase dialog on its 米豆套餐 tab when a balance is short (RootStore's). */
  constructor(runner: ServiceRunner, wallet: WalletStore, toasts: ToastStore, events?: ServerEventsShape, offerBeans?: () => void) {
    this.#runner = runner
    this.#wallet = wallet
    this.#toasts = toasts
    this.#refuseShort = refuseShortBalance(toasts, offerBeans)
    // over the app's runtime (its ApiClient and AuthToken); no Layer, so effect's layer code stays out of the first load
    const made = runner.now(makeGenerationService(events ?? makeFetchServerEvents({ baseUrl: "/" })))
    if (made instanceof Promise) throw new Error("Generation is made from services that are already there")
    this.#generation = made
    makeAutoObservable(this, { tasks: observable.ref }, { autoBind: true })
  }

  /** The tasks of a page (its task types), newest first. */
  tasksOf(types: ReadonlyArray<TaskType>): ReadonlyArray<TaskView> {
    return this.tasks.filter((task) => types.includes(task.type))
  }

  /** What the engine of a type offers (GET task/catalog: checkpoints, samplers …); null when unreadable (reported). */
  async catalog(type: TaskType): Promise<EngineCatalog | null> {
    const answer = await this.#runner.attempt(this.#generation.catalog(type))
    return answer.ok ? answer.value : null
  }

  /** The /aigc choices the server offers: quick style presets and MJ versions (with covers). */
  get presets(): Effect.Effect<{ readonly styles: ReadonlyArray<QuickStyle>; readonly versions: ReadonlyArray<MjVersion> }, CallError> {
    return Effect.all({ styles: this.#generation.quickStyles, versions: this.#generation.mjVersions }, { concurrency: 2 })
  }

  /** A cost display for a form (its own debounce and latest-answer rule). */
  costEstimate(debounceMs?: number): TaskCost {
    return new TaskCost(this.#runner, this.#generation, debounceMs, this.#refuseShort)
  }

  /** A task of `points` the `balance` cannot pay: the toast, and the purchase dialog on 米豆套餐. */
  refuseShortBalance(points: number, balance: number): void {
    this.#refuseShort(points, balance)
  }

  /**
   * The page's recent tasks from the server (once per type per session): the unfinished ones are
   * watched again, so a reload shows them moving on.
   */
  async loadRecent(types: ReadonlyArray<TaskType>): Promise<void> {
    const missing = types.filter((type) => !this.#loadedTypes.has(type))
    for (const type of missing) this.#loadedTypes.add(type)
    await Promise.all(missing.map(async (type) => {
      const answer = await this.#runner.attempt(this.#generation.list({ type, size: String(RECENT_TASKS) }))
      if (!answer.ok) {
        this.#loadedTypes.delete(type)
        return
      }
      for (const task of answer.value.list) this.#keep(task, false)
    }))
  }

  /**
   * Asks the server what the task costs now; refuses when the balance is short (the toast and the purchase
   * dialog on 米豆套餐; nothing sent); otherwise submits (the core picks the request_id) and follows it. The task, or null.
   */
  async submit(input: TaskSubmitWire): Promise<TaskView | null> {
    this.submitting += 1
    try {
      const quote = await this.#runner.attempt(this.#generation.cost(costPayloadOf(input)))
      if (!quote.ok) return null
      if (quote.value.balance < quote.value.points) {
        this.#refuseShort(quote.value.points, quote.value.balance)
        return null
      }
      const submitted = await this.#runner.attempt(this.#generation.submit(input))
      if (!submitted.ok) return null
      this.#keep(submitted.value, true)
      void this.#wallet.refreshBalance()
      return submitted.value
    } finally {
      runInAction(() => {
        this.submitting -= 1
      })
    }
  }

  /** What a finished MJ grid offers (U1–U4 / V1–V4 / 重新生成, ADR 0020), or null. */
  mjActionsOf(task: TaskView): MjActionOffer | null {
    return mjActionOffer(task)
  }

  /** One of my tasks, read from the server when not known yet (the artwork detail's MJ buttons); kept, not followed. */
  async loadTask(id: string): Promise<TaskView | null> {
    const known = this.tasks.find((task) => task.id === id)
    if (known !== undefined) return known
    const answer = await this.#runner.attempt(this.#generation.task(id))
    if (!answer.ok) return null
    this.#keep(answer.value, false)
    return answer.value
  }

  /** A task known this session, or undefined. */
  taskById(id: string): TaskView | undefined {
    return this.tasks.find((task) => task.id === id)
  }

  /** True while an MJ action of this grid is queued or running (its buttons wait). */
  mjActionRunning(gridId: string): boolean {
    return this.tasks.some((task) => task.params.type === "quick_mj" && task.params.mj_action?.task_id === gridId && !isFinished(task.status))
  }

  /**
   * An MJ action on a grid (known here, or read from the server: the artwork detail knows only its
   * task id), priced and submitted like any task.
   */
  async mjAction(gridId: string, action: MjActionKind, index: number): Promise<TaskView | null> {
    let grid: TaskView | undefined = this.tasks.find((task) => task.id === gridId)
    if (grid === undefined) {
      const answer = await this.#runner.attempt(this.#generation.task(gridId))
      if (!answer.ok) return null
      grid = answer.value as TaskView
    }
    const input = mjActionSubmitOf(grid, action, index)
    return input === null ? null : this.submit(input)
  }

  /** Follows a task submitted elsewhere (the assistant's confirmed drawings): kept first, watched while unfinished. */
  follow(task: TaskView): void {
    this.#keep(task, true)
  }

  /** Stops a queued or running task; the server refunds what it had not made. */
  /** 发布 a result: the audit submit with its title (it shows on the square once approved). */
  async publish(image: TaskImage, title: string): Promise<boolean> {
    const answer = await this.#runner.attempt(Effect.flatMap(People, (people) => people.publish(image.artwork_id, title)))
    if (answer.ok) this.#toasts.success("已提交审核，通过后将展示在灵感广场")
    return answer.ok
  }

  async cancel(id: string): Promise<void> {
    const answer = await this.#runner.attempt(this.#generation.cancel(id))
    if (!answer.ok) return
    this.#stopWatching(id)
    this.#keep(answer.value, false)
    void this.#wallet.refreshBalance()
  }

  /** A new task from an old one's parameters (charged like a submit), put first and followed. */
  async retry(id: string): Promise<TaskView | null> {
    const answer = await this.#runner.attempt(this.#generation.retry(id))
    if (!answer.ok) return null
    this.#keep(answer.value, true)
    void this.#wallet.refreshBalance()
    return answer.value
  }

  reset(): void {
    for (const id of [...this.#watches.keys()]) this.#stopWatching(id)
    this.#loadedTypes.clear()
    this.tasks = []
  }

  dispose(): void {
    for (const id of [...this.#watches.keys()]) this.#stopWatching(id)
  }

  /** Puts the task in the list (first when new and `first`, in place otherwise) and follows it when unfinished. */
  #keep(task: TaskView, first: boolean): void {
    this.#upsert(task, first)
    if (!isFinished(task.status) && !this.#watches.has(task.id)) void this.#watch(task.id)
  }

  #upsert(task: TaskView, first: boolean): void {
    const index = this.tasks.findIndex((known) => known.id === task.id)
    if (index >= 0) {
      const next = [...this.tasks]
      next[index] = task
      this.tasks = next
      return
    }
    const next = first ? [task, ...this.tasks] : [...this.tasks, task]
    // newest first; equal times keep their order (stable sort), so a new task stays before its neighbours
    this.tasks = next.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
  }

  async #watch(id: string): Promise<void> {
    const stop = new AbortController()
    this.#watches.set(id, stop)
    const follow = Stream.runForEach(this.#generation.watch(id), (task) => Effect.sync(() => runInAction(() => this.#upsert(task, false))))
    const exit = await this.#runner.exit(follow, stop.signal)
    if (this.#watches.get(id) === stop) this.#watches.delete(id)
    if (stop.signal.aborted) return
    if (exit._tag === "Failure") this.#runner.reportCause(exit.cause)
    // a finished task may have refunded beans (failure, cancel, a partly failed batch)
    void this.#wallet.refreshBalance()
  }

  #stopWatching(id: string): void {
    this.#watches.get(id)?.abort()
    this.#watches.delete(id)
  }
}
