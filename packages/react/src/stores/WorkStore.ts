import { type CoreServices, DrawType, makePersistedValue, type PersistedValue, StorageKeys, Stored, type Unsubscribe } from "@mido/core"
import type { SameStyleAction } from "@mido/core/generation"
import { Effect, Option } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ServiceRunner } from "./ServiceRunner.js"
import type { Store } from "./Store.js"

/** The /aigc draw types (spec §4 same-style): 1 quick, 2 quick_mj. */
export type WorkDrawType = (typeof DrawType)[keyof typeof DrawType]

/** The same-style outcome that fills the work store (SD1–SD2). */
export type AigcSameStyle = Extract<SameStyleAction, { readonly action: "aigc" }>

// The parameters as the domain reads them (sameStyle): fields a server may leave out stay optional,
// unknown ones make the value corrupt, so one type's parameters never pass for the other's. Read back
// with StoredShapes, not Schema (ADR 0032): WorkStore starts before the first paint.
const text = Stored.optional(Stored.nullOr(Stored.text()))
const images = Stored.optional(Stored.nullOr(Stored.list(Stored.text())))
const exact = { exact: true } as const
const quickParams = Stored.struct({
  base_image_url: text,
  style_info: Stored.optional(Stored.nullOr(Stored.struct({ group: text, name: text, cover: text }, exact))),
  prompt: text
}, exact)
const quickMjParams = Stored.struct({
  image_prompts: images,
  style_reference: images,
  character_reference: images,
  omni_reference: images,
  version_info: Stored.optional(Stored.nullOr(Stored.struct({ name: text, cover: text }, exact))),
  prompt: text
}, exact)
const pictures = { rewardImage: Stored.nullOr(Stored.text()), referenceImage: Stored.nullOr(Stored.text()) }

/**
 * The work store as persisted (spec §3): drawType, params, rewardImage, referenceImage. The draw type
 * says how its params read, so quick parameters never pass for quick_mj ones; a value that fits
 * neither is corrupt and counts as absent.
 */
export const StoredWork = Stored.firstOf(
  Stored.struct({ drawType: Stored.oneOf(DrawType.quick), params: Stored.nullOr(quickParams), ...pictures }),
  Stored.struct({ drawType: Stored.oneOf(DrawType.quick_mj), params: Stored.nullOr(quickMjParams), ...pictures })
)
export type WorkState = NonNullable<ReturnType<typeof StoredWork>>

export const emptyWork: WorkState = { drawType: DrawType.quick, params: null, rewardImage: null, referenceImage: null }

/**
 * What the drawing page starts from, persisted as a whole after every change (spec §3, §4): the draw
 * type and its parameters (same-style), the reward image (when set, /tools/redraw opens in a new tab)
 * and the reference image.
 */
export class WorkStore implements Store {
  state: WorkState = emptyWork

  readonly #runner: ServiceRunner
  #persisted: PersistedValue<WorkState> | null = null

  constructor(runner: ServiceRunner) {
    this.#runner = runner
    makeAutoObservable(this, { state: observable.ref, start: false }, { autoBind: true })
  }

  get drawType(): WorkDrawType {
    return this.state.drawType
  }

  get params(): WorkState["params"] {
    return this.state.params
  }

  get rewardImage(): string | null {
    return this.state.rewardImage
  }

  get referenceImage(): string | null {
    return this.state.referenceImage
  }

  /** Another draw type; the parameters of the old one are dropped. */
  setDrawType(drawType: WorkDrawType): void {
    if (drawType === this.state.drawType) return
    const { rewardImage, referenceImage } = this.state
    this.#set(drawType === DrawType.quick
      ? { drawType, params: null, rewardImage, referenceImage }
      : { drawType, params: null, rewardImage, referenceImage })
  }

  /** Same-style for quick or quick_mj: the artwork's parameters with its draw type (spec §4). */
  applySameStyle(action: AigcSameStyle): void {
    const { rewardImage, referenceImage } = this.state
    this.#set(action.drawType === DrawType.quick
      ? { drawType: action.drawType, params: action.params, rewardImage, referenceImage }
      : { drawType: action.drawType, params: action.params, rewardImage, referenceImage })
  }

  /** The drawing page has taken the parameters over. */
  clearParams(): void {
    this.#set({ ...this.state, params: null })
  }

  setRewardImage(url: string | null): void {
    this.#set({ ...this.state, rewardImage: url })
  }

  setReferenceImage(url: string | null): void {
    this.#set({ ...this.state, referenceImage: url })
  }

  /** Empties the work store (and its persisted copy). */
  clear(): void {
    this.#set(emptyWork)
  }

  /** Reads the persisted work store; a corrupt value counts as absent (and is removed). */
  start(): Effect.Effect<Unsubscribe, never, CoreServices> {
    return Effect.gen(this, function* () {
      const persisted = yield* makePersistedValue(StorageKeys.work, StoredWork)
      const stored = yield* persisted.get
      runInAction(() => {
        this.#persisted = persisted
        this.state = Option.getOrElse(stored, () => emptyWork)
      })
      return () => undefined
    })
  }

  /** The work settings are kept on this device whoever logs in (spec §3). */
  reset(): void {}

  #set(next: WorkState): void {
    this.state = next
    const persisted = this.#persisted
    if (persisted !== null) void this.#runner.exit(persisted.set(next))
  }
}
