import { Artworks, Downloads, type SdModelInfo, type TaskProblem, type TaskSubmitWire } from "@mido/core"
import { type EngineCatalog, engineLimitsOf, formOfSdTask, loraTagName, type TaskView, webuiFormProblem } from "@mido/core/generation"
import { Effect } from "effect"
import { makeAutoObservable, observable, reaction, runInAction } from "mobx"
import { readPictureSettings } from "./pictureSettings.js"
import { costPayloadOf, type GenerationStore } from "../generation/GenerationStore.js"
import type { CostPayload, TaskCost } from "../generation/TaskCost.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"
import type { WorkStore } from "../WorkStore.js"
import { WebuiForm } from "./WebuiForm.js"

/** What /webui needs of the shared GenerationStore (the tasks of every creation page). */
export type WebuiTasks = Pick<GenerationStore, "catalog" | "costEstimate" | "submit" | "tasksOf">

/** A checkpoint or LoRA the selects offer: `value` is what the task sends, `label` what the user reads. */
export interface ModelOption {
  readonly value: string
  readonly label: string
  /** engine: the engine's catalogue; mine: added with 添加到我的模型; chosen: named by a prefill, offered by neither. */
  readonly source: "engine" | "mine" | "chosen"
}

const ofType = (models: ReadonlyArray<SdModelInfo>, type: "Checkpoint" | "LoRA") => models.filter((model) => model.type === type)

/**
 * /webui, online Stable Diffusion (spec §2; docs/spec/webui.md): the form (WebuiForm), the engine's
 * catalogue (Generation.catalog("sd")) merged with the user's own models (添加到我的模型, GET
 * sd/models/mine), the prefill from same-style's `?model=&prompt_for_paste=`, validation with the
 * engine's limits (GV), the cost from the server's points call and the submit through the shared
 * GenerationStore, whose TaskPanel shows the results. Kept for the session (WebUI keeps its settings),
 * emptied by a logout.
 */
export class WebuiStore implements Store {
  readonly form = new WebuiForm()
  catalog: EngineCatalog | null = null
  myModels: ReadonlyArray<SdModelInfo> = []
  /** The catalogue could not be read (the engine is down): the page says so and offers 重试. */
  catalogFailed = false
  /** 生成 was pressed: every problem shows from then on (WF7). */
  attempted = false
  readonly cost: TaskCost

  readonly #runner: ServiceRunner
  readonly #tasks: WebuiTasks
  readonly #toasts: ToastStore
  readonly #work: WorkStore
  /** The address whose ?model=&prompt_for_paste= filled the form last (a return to it does not fill again). */
  #prefilledFrom = ""

  constructor(runner: ServiceRunner, tasks: WebuiTasks, toasts: ToastStore, work: WorkStore) {
    this.#runner = runner
    this.#tasks = tasks
    this.#toasts = toasts
    this.#work = work
    this.cost = tasks.costEstimate()
    makeAutoObservable(this, { catalog: observable.ref, myModels: observable.ref, cost: false }, { autoBind: true })
  }

  get engineLabel(): string {
    return this.catalog?.engine ?? ""
  }

  get offline(): boolean {
    return this.catalog?.offline ?? false
  }

  /** The engine's checkpoints, then the user's; a prefilled name neither offers is kept as its own option. */
  get checkpoints(): ReadonlyArray<ModelOption> {
    const options: Array<ModelOption> = (this.catalog?.checkpoints ?? []).map((name) => ({ value: name, label: name, source: "engine" }))
    for (const model of ofType(this.myModels, "Checkpoint")) {
      if (!options.some((option) => option.value === model.name)) options.push({ value: model.name, label: model.name, source: "mine" })
    }
    const chosen = this.form.values.checkpoint
    if (chosen !== "" && !options.some((option) => option.value === chosen)) options.push({ value: chosen, label: chosen, source: "chosen" })
    return options
  }

  /** The engine's LoRAs, then the user's (the tag name is the file's, SD4, as WebUI writes `<lora:file:w>`). */
  get loras(): ReadonlyArray<ModelOption> {
    const options: Array<ModelOption> = (this.catalog?.loras ?? []).map((name) => ({ value: name, label: name, source: "engine" }))
    for (const model of ofType(this.myModels, "LoRA")) {
      const name = loraTagName(model)
      if (name !== undefined && !options.some((option) => option.value === name)) options.push({ value: name, label: model.name, source: "mine" })
    }
    return options
  }

  /** The LoRAs not yet in the form, for the 添加 LoRA picker. */
  get lorasToAdd(): ReadonlyArray<ModelOption> {
    return this.loras.filter((option) => !this.form.values.loras.some((lora) => lora.name === option.value))
  }

  loraLabel(name: string): string {
    return this.loras.find((option) => option.value === name)?.label ?? name
  }

  /** WF4–WF5: the first problem of the form for the engine (a1111 and offline share WebUI's bounds). */
  get problem(): TaskProblem | undefined {
    return webuiFormProblem(this.form.values, engineLimitsOf(this.offline ? "offline" : "a1111"))
  }

  /**
   * WF7: the problem as the page shows it: an empty prompt only once the prompt was touched or 生成
   * was pressed; any other problem comes from a change the user made, so it shows at once.
   */
  get shownProblem(): TaskProblem | undefined {
    const problem = this.problem
    return problem?.field === "prompt" && !this.form.promptTouched && !this.attempted ? undefined : problem
  }

  /** The shown problem's message when it is about one of `fields` (shown under that field). */
  problemOf(...fields: ReadonlyArray<string>): string | undefined {
    const problem = this.shownProblem
    return problem !== undefined && fields.includes(problem.field) ? problem.message : undefined
  }

  /**
   * 从图片读取 (PI): a picture dropped or pasted on the page fills the form with the settings it carries
   * (a WebUI, ComfyUI or Mido PNG), as WebUI's PNG Info and "send to txt2img" do; a picture without
   * any leaves the form as it is and says so. Answers whether the form was filled.
   */
  async readPicture(file: Blob): Promise<boolean> {
    const read = await readPictureSettings(file)
    if (!read.ok) {
      this.#toasts.error(read.message)
      return false
    }
    runInAction(() => this.form.prefill(read.parameters.text))
    this.#toasts.success(read.parameters.source === "comfyui" ? "已读取 ComfyUI 图片中的生成参数" : "已读取图片中的生成参数")
    return true
  }

  /** ♻: the seed the last sd task drew with (a random one is recorded as the number drawn). */
  get lastSeed(): number | undefined {
    const last = this.#tasks.tasksOf(["sd"])[0]
    return last?.params.type === "sd" ? last.params.seed : undefined
  }

  reuseSeed(): void {
    const seed = this.lastSeed
    if (seed !== undefined) this.form.set("seed", seed)
  }

  /** 做同款 on a result (WF6): that task's settings, its recorded seed included, back in the form. */
  useTaskSettings(task: TaskView): void {
    if (task.params.type !== "sd") return
    this.form.replace(formOfSdTask(task.params, this.form.values))
  }

  /** 下载 on a result: the image through the core's Downloads (the PNG keeps its infotext). */
  async download(url: string): Promise<void> {
    await this.#runner.attempt(Effect.flatMap(Downloads, (downloads) => downloads.downloadImage(url)))
  }

  /** 局部重绘 on a result: the picture becomes the work store's reward image; the page opens this address in a new tab. */
  redraw(url: string): string {
    this.#work.setRewardImage(url)
    return "/tools/redraw"
  }

  /** The engine's catalogue and the user's models (again at each visit: a model may have been added since). */
  async load(): Promise<void> {
    const [catalog, mine] = await Promise.all([
      this.#tasks.catalog("sd"),
      this.#runner.attempt(Effect.flatMap(Artworks, (artworks) => artworks.myModels()))
    ])
    runInAction(() => {
      this.catalogFailed = catalog === null
      if (catalog !== null) this.catalog = catalog
      if (mine.ok) this.myModels = mine.value
      const engine = this.catalog
      this.form.applyDefaults({
        checkpoint: this.checkpoints[0]?.value,
        samplers: engine?.samplers ?? [],
        schedulers: engine?.schedulers ?? [],
        upscalers: engine?.upscalers ?? []
      })
    })
  }

  /**
   * Same-style's address (SD3: `?model=` and `?prompt_for_paste=`) fills the form through the infotext
   * rules (WP); the same address twice fills it once, so coming back keeps the user's changes.
   */
  prefillFromAddress(search: string): void {
    const query = new URLSearchParams(search)
    const text = query.get("prompt_for_paste")
    const model = query.get("model")
    if (text === null && model === null) return
    const key = `${model ?? ""}\n${text ?? ""}`
    if (key === this.#prefilledFrom) return
    this.#prefilledFrom = key
    if (text !== null) this.form.prefill(text, model ?? undefined)
    else if (model !== null && model.trim() !== "") this.form.set("checkpoint", model.trim())
  }

  /**
   * Follows the form with the server's cost; gives back the stop. WF7: an sd task's cost depends on
   * its count and hires fix only (taskCostInputOf), never on the prompt, so it is asked from the first
   * load on, whatever else the form still lacks.
   */
  followCost(): () => void {
    const stop = reaction(
      () => JSON.stringify(costPayloadOf(this.#wire())),
      (key) => {
        if (key !== "") this.cost.update(JSON.parse(key) as CostPayload)
      },
      { fireImmediately: true }
    )
    return () => {
      stop()
      this.cost.stop()
    }
  }

  /** 生成: the form's problem as a toast, or the submit (the shared store checks the balance first). */
  async generate(): Promise<TaskView | null> {
    this.attempted = true
    const problem = this.problem
    if (problem !== undefined) {
      this.#toasts.error(problem.message)
      return null
    }
    return this.#tasks.submit(this.#wire())
  }

  reset(): void {
    this.form.reset()
    this.catalog = null
    this.myModels = []
    this.catalogFailed = false
    this.#prefilledFrom = ""
    this.attempted = false
    this.cost.stop()
  }

  dispose(): void {
    this.cost.stop()
  }

  #wire(): TaskSubmitWire {
    return this.form.task
  }
}
