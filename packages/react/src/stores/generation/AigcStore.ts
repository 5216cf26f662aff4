import { Downloads, type LibraryArtwork, Library, type MjVersion, type QuickStyle, type UploadFile } from "@mido/core"
import { retiredPresetText, type TaskImage, type TaskView } from "@mido/core/generation"
import { Effect } from "effect"
import { makeAutoObservable, observable, reaction, runInAction } from "mobx"
import { numberedPage } from "../paging/Page.js"
import { PagedList } from "../paging/PagedList.js"
import { pagesFromCore } from "../paging/pagesFromCore.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"
import type { WorkStore } from "../WorkStore.js"
import {
  type AigcMode,
  emptyMj,
  emptyQuick,
  IMAGE_COUNTS,
  MJ_SLOT_LABELS,
  RATIOS,
  type MjForm,
  mjMissing,
  type MjSlot,
  mjSlotRule,
  mjVersionNote,
  MJ_SLOT_LIMITS,
  mjSubmit,
  type QuickForm,
  quickMissing,
  quickSubmit,
  type StyleGroup
} from "./aigcForms.js"
import { costPayloadOf, type GenerationStore } from "./GenerationStore.js"
import { intakeOf, reconcileStyle, reconcileVersion } from "./aigcIntake.js"
import { uploadReference } from "./referenceUpload.js"
import type { TaskCost } from "./TaskCost.js"

/** Where a picture chosen from the asset library or uploaded goes: the quick base image or an MJ slot. */
export type PictureTarget = "base" | MjSlot

/**
 * /aigc (AI 绘画): quick mode (a base image, a style preset, count, HD, ratio) and MJ mode (prompt,
 * image prompts, sref / cref / oref, version, ratio). The cost on the button follows the options
 * (the server's points call, debounced); generate submits through the GenerationStore. Same-style
 * parameters waiting in the work store fill the right mode once (`intake`).
 */
export class AigcStore implements Store {
  mode: AigcMode = "quick"
  quick: QuickForm = emptyQuick
  mj: MjForm = emptyMj
  styles: ReadonlyArray<QuickStyle> = []
  versions: ReadonlyArray<MjVersion> = []
  presetsLoaded = false
  /** SD10–SD11: a same-style preset that is no longer offered, by the name the work stored. */
  retiredStyle: string | null = null
  retiredVersion: string | null = null
  /** Which picture is being uploaded, if any. */
  uploading: PictureTarget | null = null
  /** The asset library picker: its target while open. */
  picking: PictureTarget | null = null
  readonly library: PagedList<LibraryArtwork, number, Record<string, never>>
  readonly cost: TaskCost
  readonly ratios = RATIOS
  readonly counts = IMAGE_COUNTS
  readonly slotLabels = MJ_SLOT_LABELS
  readonly slotLimits = MJ_SLOT_LIMITS

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
    this.library = new PagedList<LibraryArtwork, number, Record<string, never>>({
      params: {},
      keyOf: (work) => work.id,
      fetchPage: pagesFromCore(runner, ({ cursor = 1 }) =>
        Effect.map(Effect.flatMap(Library, (library) => library.page({}, cursor, 24)), (answer) => numberedPage(cursor, answer)))
    })
    makeAutoObservable(this, { quick: observable.ref, mj: observable.ref, styles: observable.ref, versions: observable.ref, library: false, cost: false, ratios: false, counts: false, slotLabels: false, slotLimits: false }, { autoBind: true })
  }

  get generation(): GenerationStore {
    return this.#generation
  }

  /** What is still missing before generating, or null. */
  get missing(): string | null {
    return this.mode === "quick" ? quickMissing(this.quick) : mjMissing(this.mj)
  }

  /** SD10–SD11: the notice over the style or version list (原风格「…」已下架，请重新选择), or null. */
  get retiredStyleText(): string | null {
    return this.retiredStyle === null ? null : retiredPresetText("风格", this.retiredStyle)
  }

  get retiredVersionText(): string | null {
    return this.retiredVersion === null ? null : retiredPresetText("版本", this.retiredVersion)
  }

  /** GV12 at an MJ reference slot: why the chosen version does not take it, or null. */
  slotRule(slot: MjSlot): string | null {
    return mjSlotRule(this.mj, slot)
  }

  /** GV12 beside a version: the references in use it does not take, or null. */
  versionNote(version: string): string | null {
    return mjVersionNote(this.mj, version)
  }

  get stylesOfGroup(): ReadonlyArray<QuickStyle> {
    return this.styles.filter((style) => style.group === this.quick.styleGroup)
  }

  get submitting(): boolean {
    return this.#generation.submitting > 0
  }

  /**
   * The page is shown: presets from the server, same-style parameters taken in. They are consumed
   * (cleared from the work store) only for a signed-in user, who can draw them now; a visitor who
   * logs in first comes back to the same prefill.
   */
  open(signedIn: boolean): void {
    void this.loadPresets()
    this.intake(signedIn)
  }

  /** A signed-in user: the cost on the button follows the options (the points call needs the login). */
  followCost(): void {
    this.#stopCost ??= reaction(
      () => costPayloadOf(this.mode === "quick" ? quickSubmit(this.quick) : mjSubmit(this.mj)),
      (payload) => this.cost.update(payload),
      { fireImmediately: true, equals: (a, b) => JSON.stringify(a) === JSON.stringify(b) }
    )
  }

  async loadPresets(): Promise<void> {
    if (this.presetsLoaded) return
    const answer = await this.#runner.attempt(this.#generation.presets)
    if (!answer.ok) return
    runInAction(() => {
      this.styles = answer.value.styles
      this.versions = answer.value.versions
      this.presetsLoaded = true
      this.#reconcilePresets()
      const first = this.stylesOfGroup[0]
      if (this.quick.styleName === null && this.retiredStyle === null && first !== undefined) this.quick = { ...this.quick, styleName: first.name, styleCover: first.cover }
      const version = this.versions[0]
      if (this.mj.version === null && this.retiredVersion === null && version !== undefined) this.mj = { ...this.mj, version: version.name, versionCover: version.cover }
    })
  }

  /** Same-style from a detail dialog (SD1): the work store's draw type and parameters fill that mode once, then are consumed. */
  intake(consume = true): void {
    const taken = intakeOf(this.#work.state)
    if (taken === null) return
    if (taken.mode === "quick") {
      this.quick = { ...this.quick, ...taken.quick }
      this.retiredStyle = null
    } else {
      this.mj = { ...this.mj, ...taken.mj, references: { ...this.mj.references, ...taken.mj.references } }
      this.retiredVersion = null
    }
    this.mode = taken.mode
    if (this.presetsLoaded) this.#reconcilePresets()
    if (!consume) return
    this.#work.clearParams()
    if (this.#work.referenceImage !== null) this.#work.setReferenceImage(null)
  }

  setMode(mode: AigcMode): void {
    this.mode = mode
  }

  updateQuick(change: Partial<QuickForm>): void {
    this.quick = { ...this.quick, ...change }
  }

  updateMj(change: Partial<MjForm>): void {
    this.mj = { ...this.mj, ...change }
  }

  selectGroup(group: StyleGroup): void {
    this.retiredStyle = null
    const first = this.styles.find((style) => style.group === group)
    this.quick = { ...this.quick, styleGroup: group, styleName: first?.name ?? null, styleCover: first?.cover ?? null }
  }

  selectStyle(style: QuickStyle): void {
    this.retiredStyle = null
    this.quick = { ...this.quick, styleGroup: style.group, styleName: style.name, styleCover: style.cover }
  }

  selectVersion(version: MjVersion): void {
    this.retiredVersion = null
    this.mj = { ...this.mj, version: version.name, versionCover: version.cover }
  }

  /** SD10–SD11: a style or version the form holds is matched with the presets, or named as retired. */
  #reconcilePresets(): void {
    const quick = reconcileStyle(this.quick, this.styles)
    this.quick = quick.form
    if (quick.retired !== null) this.retiredStyle = quick.retired
    const mj = reconcileVersion(this.mj, this.versions)
    this.mj = mj.form
    if (mj.retired !== null) this.retiredVersion = mj.retired
  }

  /** Puts a picture (an upload's or a library work's address) where it was asked for. */
  place(target: PictureTarget, url: string): void {
    if (target === "base") {
      this.quick = { ...this.quick, baseImage: url }
      return
    }
    const now = this.mj.references[target]
    if (now.includes(url)) return
    if (now.length >= MJ_SLOT_LIMITS[target]) {
      this.#toasts.warning(`最多 ${MJ_SLOT_LIMITS[target]} 张`)
      return
    }
    this.mj = { ...this.mj, references: { ...this.mj.references, [target]: [...now, url] } }
  }

  remove(target: PictureTarget, url: string): void {
    if (target === "base") this.quick = { ...this.quick, baseImage: null }
    else this.mj = { ...this.mj, references: { ...this.mj.references, [target]: this.mj.references[target].filter((known) => known !== url) } }
  }

  async upload(target: PictureTarget, file: UploadFile): Promise<void> {
    if (this.uploading !== null) return
    this.uploading = target
    const url = await uploadReference(this.#runner, this.#toasts, file)
    runInAction(() => {
      this.uploading = null
      if (url !== null) this.place(target, url)
    })
  }

  openPicker(target: PictureTarget): void {
    this.picking = target
  }

  pick(work: LibraryArtwork): void {
    if (this.picking !== null) this.place(this.picking, work.cover)
    this.picking = null
  }

  closePicker(): void {
    this.picking = null
  }

  /** Sends the form (the GenerationStore checks the cost against the balance first). */
  async generate(): Promise<TaskView | null> {
    const missing = this.missing
    if (missing !== null) {
      this.#toasts.warning(missing)
      return null
    }
    return this.#generation.submit(this.mode === "quick" ? quickSubmit(this.quick) : mjSubmit(this.mj))
  }

  /** 下载: the image through the core's Downloads (its name and saving are the core's). */
  async download(image: TaskImage): Promise<void> {
    await this.#runner.attempt(Effect.flatMap(Downloads, (downloads) => downloads.downloadImage(image.url)))
  }

  /** 发布: the audit submit (the generation store's, shared with /webui). */
  publish(image: TaskImage, title: string): Promise<boolean> {
    return this.#generation.publish(image, title)
  }

  /** 做同款 of a result: its task's parameters fill the form again, the picture as reference. */
  sameStyle(task: TaskView): void {
    const params = task.params
    if (params.type === "quick") {
      this.mode = "quick"
      this.quick = { ...this.quick, styleGroup: params.style_group, styleName: params.style_name, styleCover: params.style_cover ?? null, num: params.num, hd: params.hd ?? false, ratio: params.ratio ?? "1:1", baseImage: params.base_image_url ?? this.quick.baseImage, prompt: params.prompt ?? "" }
    } else if (params.type === "quick_mj") {
      this.mode = "mj"
      const version = this.versions.find((known) => known.name === params.version)
      this.mj = {
        prompt: params.prompt, num: params.num, hd: params.hd ?? false, ratio: params.ratio ?? "1:1", version: params.version, versionCover: version?.cover ?? null,
        references: { image_prompts: params.image_prompts, style_reference: params.style_reference, character_reference: params.character_reference, omni_reference: params.omni_reference }
      }
    }
    this.retiredStyle = null
    this.retiredVersion = null
    if (this.presetsLoaded) this.#reconcilePresets()
  }

  /** 局部重绘: the picture becomes the work store's reward image; the page opens /tools/redraw in a new tab. */
  redraw(image: TaskImage): string {
    this.#work.setRewardImage(image.url)
    return "/tools/redraw"
  }

  reset(): void {
    this.quick = emptyQuick
    this.mj = emptyMj
    this.retiredStyle = null
    this.retiredVersion = null
    this.picking = null
    this.uploading = null
    this.library.reset()
  }

  dispose(): void {
    this.#stopCost?.()
    this.#stopCost = null
    this.cost.stop()
  }
}
