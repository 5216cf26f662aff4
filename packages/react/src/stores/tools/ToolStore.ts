import { Downloads, Uploads, type UploadFile } from "@mido/core"
import { parseBox, resolveToolOptions, type TaskImage, type TaskView, toolInputProblem, type ToolKey, type ToolOptionValue, TOOL_CATALOGUE, type ToolSpec, toolSpecOf, type ToolSubmit, validateToolOptions } from "@mido/core/generation"
import { Effect } from "effect"
import { makeAutoObservable, observable, reaction, runInAction } from "mobx"
import { uploadReference } from "../generation/referenceUpload.js"
import { costPayloadOf, type GenerationStore } from "../generation/GenerationStore.js"
import type { TaskCost } from "../generation/TaskCost.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"
import type { WorkStore } from "../WorkStore.js"
import { LibraryPick } from "./LibraryPick.js"
import { boxKeyOf, boxOptionOf, type SubjectBox } from "./subjectBox.js"
import { resultLabelsOf } from "./toolResults.js"

/** How a tool page was opened: `?image=` (another tool's result, a library work) wins over what was there. */
export interface ToolOpening {
  readonly image?: string | null | undefined
}

/**
 * One AI tool page at a time (/tools/{key}, issue 15): the source picture (uploaded by the core's rules
 * or picked from the asset library), the tool's options, the mask drawn in the editor (uploaded as an
 * image when run), the server's cost, the run as a task of the shared GenerationStore (progress,
 * cancel, refund), the result, 下载, and 用作 another tool's source. /tools/redraw takes the work
 * store's reward image (spec "Reward image"). Made on first use, kept for the session; a logout empties it.
 */
export class ToolStore implements Store {
  tool: ToolKey | null = null
  source: string | null = null
  options: Readonly<Record<string, ToolOptionValue>> = {}
  prompt = ""
  /** The editor's mask (white marks what the tool works on), or null when nothing is drawn. */
  mask: Blob | null = null
  /** Bumped whenever the mask must be emptied from outside the editor (new source, new tool). */
  maskEpoch = 0
  /** Why the last box drawn was refused (the core's TL5 message: too small), or null. */
  boxProblem: string | null = null
  uploading = false
  /** The tool engine is the 本地演示引擎 (null until the server said). */
  offline: boolean | null = null
  /** The current run, mask upload included. */
  starting = false
  taskId: string | null = null
  /** Which of the run's images is shown (style-avatar makes one per style). */
  shown = 0
  readonly cost: TaskCost
  /** 从资产库选择 (its `open`, `list`, `pick`): the picked work becomes the source. */
  readonly picker: LibraryPick

  readonly #runner: ServiceRunner
  readonly #toasts: ToastStore
  readonly #work: WorkStore
  readonly #generation: GenerationStore
  #stopCost: (() => void) | null = null

  constructor(runner: ServiceRunner, toasts: ToastStore, work: WorkStore, generation: GenerationStore) {
    this.#runner = runner
    this.#toasts = toasts
    this.#work = work
    this.#generation = generation
    this.cost = generation.costEstimate()
    this.picker = new LibraryPick(runner, (url) => this.setSource(url))
    makeAutoObservable(this, { options: observable.ref, mask: observable.ref, picker: false, cost: false }, { autoBind: true })
  }

  /** The current tool as the core's catalogue has it: name, options, mask, prompt, engine need (TL1–TL4). */
  get spec(): ToolSpec | null {
    return this.tool === null ? null : toolSpecOf(this.tool)
  }

  /** The tools a result can be handed to (用作…): every other one, in the catalogue's order. */
  get otherTools(): ReadonlyArray<{ readonly key: ToolKey; readonly name: string }> {
    return TOOL_CATALOGUE.filter((spec) => spec.key !== this.tool).map((spec) => ({ key: spec.key, name: spec.name }))
  }

  get title(): string {
    return this.spec?.name ?? ""
  }

  /** The run being shown (its progress, result or reason), from the shared task list. */
  get task(): TaskView | null {
    return this.taskId === null ? null : this.#generation.tasks.find((task) => task.id === this.taskId) ?? null
  }

  get results(): ReadonlyArray<TaskImage> {
    return this.task?.status === "succeeded" ? this.task.images : []
  }

  /** Each result's name when the tool makes one per value (style-avatar: 卡通, 素描 …), else "". */
  get resultLabels(): ReadonlyArray<string> {
    return resultLabelsOf(this.spec, this.task?.params, this.results.length)
  }

  /** The subject box drawn on the source (智能抠图's `box` option), or null: the tool finds the subject itself. */
  get box(): SubjectBox | null {
    const key = boxKeyOf(this.spec)
    const value = key === null ? undefined : this.options[key]
    return value === undefined ? null : parseBox(value) ?? null
  }

  get result(): TaskImage | null {
    return this.results[this.shown] ?? this.results[0] ?? null
  }

  /** The picture the result was made from (the compare slider's "before"). */
  get before(): string | null {
    const params = this.task?.params
    return params?.type === "tool" ? params.image_url : this.source
  }

  get running(): boolean {
    const status = this.task?.status
    return this.starting || status === "queued" || status === "running"
  }

  /** Why the tool cannot run here at all (it needs an engine and only the offline one is set up), or null. */
  get blocked(): string | null {
    const spec = this.spec
    if (spec === null || spec.offline || this.offline !== true) return null
    return spec.offlineRefusal ?? `${spec.name}需要接入绘画引擎，当前为离线模式`
  }

  /** What is still missing before 开始处理 (the catalogue's messages, TL2–TL5), or null. */
  get missing(): string | null {
    const tool = this.tool
    if (tool === null) return null
    if (this.source === null) return "请先上传图片"
    const input = { ...(this.mask === null ? {} : { mask_url: "mask" }), prompt: this.prompt, options: this.options }
    return toolInputProblem(tool, input)?.message ?? validateToolOptions(tool, this.options) ?? null
  }

  /** The page is shown for `tool`: a new tool starts from its defaults; the source stays unless the address brings one. */
  open(tool: ToolKey, opening: ToolOpening = {}): void {
    if (this.tool !== tool) {
      this.tool = tool
      this.options = resolveToolOptions(tool, {})
      this.prompt = ""
      this.taskId = null
      this.boxProblem = null
      this.#clearMask()
    }
    const reward = tool === "redraw" ? this.#work.rewardImage : null
    const image = opening.image ?? reward
    if (image !== null && image !== undefined && image !== "") this.setSource(image)
    if (reward !== null) this.#work.setRewardImage(null)
    void this.#loadEngine()
    this.#followCost()
  }

  setSource(url: string | null): void {
    if (url === this.source) return
    this.source = url
    this.taskId = null
    this.#clearMask()
    this.setBox(null)
  }

  setOption(key: string, value: ToolOptionValue): void {
    this.options = { ...this.options, [key]: value }
  }

  /**
   * The subject box drawn on the source (fractions of the picture), or null to clear it (the tool's
   * auto rectangle). Stored as the option's "x,y,w,h" when the core's TL5 accepts it; a refused one
   * (too small) is dropped and its message kept in `boxProblem`.
   */
  setBox(box: SubjectBox | null): void {
    const key = boxKeyOf(this.spec)
    const tool = this.tool
    this.boxProblem = null
    if (key === null || tool === null) return
    const { [key]: _dropped, ...rest } = this.options
    if (box === null) {
      this.options = rest
      return
    }
    const value = boxOptionOf(box)
    const problem = validateToolOptions(tool, { [key]: value })
    this.options = problem === undefined ? { ...rest, [key]: value } : rest
    this.boxProblem = problem ?? null
  }

  setPrompt(prompt: string): void {
    this.prompt = prompt
  }

  setMask(mask: Blob | null): void {
    this.mask = mask
  }

  async upload(file: UploadFile): Promise<void> {
    if (this.uploading) return
    this.uploading = true
    const url = await uploadReference(this.#runner, this.#toasts, file)
    runInAction(() => {
      this.uploading = false
      if (url !== null) this.setSource(url)
    })
  }

  /**
   * 开始处理: refused with a warning while something is missing or the tool cannot run here (nothing
   * charged); the mask goes to storage first, then the GenerationStore asks the cost and submits.
   */
  async run(): Promise<TaskView | null> {
    const tool = this.tool
    const problem = this.blocked ?? this.missing
    if (tool === null || this.source === null || problem !== null) {
      if (problem !== null) this.#toasts.warning(problem)
      return null
    }
    if (this.running) return null
    this.starting = true
    try {
      const maskUrl = this.mask === null || this.spec?.mask === "none" ? null : await this.#uploadMask(this.mask)
      if (this.mask !== null && this.spec?.mask !== "none" && maskUrl === null) return null
      const submit: ToolSubmit = {
        type: "tool",
        tool,
        image_url: this.source,
        ...(maskUrl === null ? {} : { mask_url: maskUrl }),
        ...(this.spec?.prompt === "none" || this.prompt.trim() === "" ? {} : { prompt: this.prompt.trim() }),
        options: this.options
      }
      const task = await this.#generation.submit(submit)
      runInAction(() => {
        if (task !== null) {
          this.taskId = task.id
          this.shown = 0
        }
      })
      return task
    } finally {
      runInAction(() => {
        this.starting = false
      })
    }
  }

  /** 取消: the server stops the run and refunds what it had not made. */
  async cancel(): Promise<void> {
    if (this.taskId !== null) await this.#generation.cancel(this.taskId)
  }

  /** 下载: the result through the core's Downloads, named after the tool and the work (the type from its bytes). */
  async download(): Promise<void> {
    const result = this.result
    if (result === null) return
    const name = `${this.title}_${result.artwork_id}`
    await this.#runner.attempt(Effect.flatMap(Downloads, (downloads) => downloads.downloadImage(result.url, name)))
  }

  /** Back from the result to the source and its mask (the result stays in the task list and the library). */
  backToEdit(): void {
    this.taskId = null
  }

  show(index: number): void {
    this.shown = index
  }

  /** 用作…: the address of `tool`'s page with the result as its source. */
  useAs(tool: ToolKey): string | null {
    const result = this.result
    return result === null ? null : `/tools/${tool}?image=${encodeURIComponent(result.url)}`
  }

  reset(): void {
    this.#stopCost?.()
    this.#stopCost = null
    this.cost.stop()
    this.tool = null
    this.source = null
    this.options = {}
    this.prompt = ""
    this.taskId = null
    this.boxProblem = null
    this.offline = null
    this.#clearMask()
    this.picker.reset()
  }

  dispose(): void {
    this.#stopCost?.()
    this.#stopCost = null
    this.cost.stop()
  }

  #clearMask(): void {
    this.mask = null
    this.maskEpoch += 1
  }

  #followCost(): void {
    this.#stopCost ??= reaction(
      () => (this.tool === null ? null : costPayloadOf({ type: "tool", tool: this.tool, image_url: "-", options: {} })),
      (payload) => payload !== null && this.cost.update(payload),
      { fireImmediately: true, equals: (a, b) => JSON.stringify(a) === JSON.stringify(b) }
    )
  }

  async #loadEngine(): Promise<void> {
    if (this.offline !== null) return
    const catalog = await this.#generation.catalog("tool")
    runInAction(() => {
      if (catalog !== null) this.offline = catalog.offline
    })
  }

  async #uploadMask(mask: Blob): Promise<string | null> {
    const file: UploadFile = { name: "mask.png", type: "image/png", size: mask.size, blob: mask }
    const answer = await this.#runner.attempt(Effect.flatMap(Uploads, (uploads) => uploads.uploadViaApi(file, "tool")))
    return answer.ok ? answer.value.url : null
  }
}
