import { type CoreServices, DrawType, makePersistedValue, type PersistedValue, StorageKeys, type Unsubscribe } from "@mido/core"
import type { SameStyleAction } from "@mido/core/generation"
import { Effect, Option, Schema } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ServiceRunner } from "./ServiceRunner.js"
import type { Store } from "./Store.js"

/** The /aigc draw types (spec §4 same-style): 1 quick, 2 quick_mj. */
export type WorkDrawType = (typeof DrawType)[keyof typeof DrawType]

/** The same-style outcome that fills the work store (SD1–SD2). */
export type AigcSameStyle = Extract<SameStyleAction, { readonly action: "aigc" }>

// The parameters as the domain reads them (sameStyle): fields a server may leave out stay optional,
// unknown ones make the value corrupt, so one type's parameters never pass for the other's.
const strict = { parseOptions: { onExcessProperty: "error" } } as const
const Text = Schema.optional(Schema.NullOr(Schema.String))
const Images = Schema.optional(Schema.NullOr(Schema.Array(Schema.String)))
const QuickParams = Schema.Struct({
  base_image_url: Text,
  style_info: Schema.optional(Schema.NullOr(Schema.Struct({ group: Text, name: Text, cover: Text }))),
  prompt: Text
}).annotations(strict)
const QuickMjParams = Schema.Struct({
  image_prompts: Images,
  style_reference: Images,
  character_reference: Images,
  omni_reference: Images,
  version_info: Schema.optional(Schema.NullOr(Schema.Struct({ name: Text, cover: Text }))),
  prompt: Text
}).annotations(strict)
const Pictures = { rewardImage: Schema.NullOr(Schema.String), referenceImage: Schema.NullOr(Schema.String) }

/**
 * The work store as persisted (spec §3): drawType, params, rewardImage, referenceImage. The draw type
 * says how its params read, so quick parameters never pass for quick_mj ones; a value that fits
 * neither is corrupt and counts as absent.
 */
export const StoredWork = Schema.Union(
  Schema.Struct({ drawType: Schema.Literal(DrawType.quick), params: Schema.NullOr(QuickParams), ...Pictures }),
  Schema.Struct({ drawType: Schema.Literal(DrawType.quick_mj), params: Schema.NullOr(QuickMjParams), ...Pictures })
)
export type WorkState = typeof StoredWork.Type

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
