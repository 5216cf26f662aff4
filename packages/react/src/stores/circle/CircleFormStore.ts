import type { Circle, UploadFile } from "@mido/core"
import { InvalidInput, Uploads } from "@mido/core"
import type { CircleFormValues, CirclesShape } from "@mido/core/circle"
import { Cause, Effect, Exit } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { errorText } from "../errorPolicy.js"
import { LatestOnly } from "../paging/LatestOnly.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { SessionStore } from "../SessionStore.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"

/** The form's state: a new circle, an edit loading, an edit of one's own, someone else's (refused), or none. */
export type CircleFormStatus = "create" | "loading" | "edit" | "forbidden" | "missing"

export type CircleImageField = "cover" | "avatar"

const EMPTY: CircleFormValues = { name: "", avatar: "", cover: "", description: "" }

/**
 * /community/circle-form (login required): create a circle, or edit one with ?id= (owner only: a
 * non-owner sees circleTexts' NOT_OWNER_TEXT and no form). The cover and avatar go through the core's upload flow
 * (spec §5 messages, shown under the field and as a toast), then file/create so the server has checked
 * the bytes and knows the file as the caller's; saving checks CI3 and the route's schema
 * first and shows their message under the form.
 */
export class CircleFormStore implements Store {
  id: number | null = null
  status: CircleFormStatus = "create"
  values: CircleFormValues = EMPTY
  /** The field being uploaded and its progress 0–100. */
  uploading: { readonly field: CircleImageField; readonly percent: number } | null = null
  imageErrors: Partial<Record<CircleImageField, string>> = {}
  /** Why the last save was refused (the form's message or the server's msg). */
  problem = ""
  saving = false

  readonly #runner: ServiceRunner
  readonly #session: SessionStore
  readonly #toasts: ToastStore
  readonly #calls: CirclesShape
  readonly #latest = new LatestOnly()

  constructor(runner: ServiceRunner, session: SessionStore, toasts: ToastStore, calls: CirclesShape) {
    this.#runner = runner
    this.#session = session
    this.#toasts = toasts
    this.#calls = calls
    makeAutoObservable(this, { values: observable.ref, uploading: observable.ref, imageErrors: observable.ref }, { autoBind: true })
  }

  get isEdit(): boolean {
    return this.id !== null
  }

  /** Opens the form: empty for a new circle, or the circle `id` when the viewer owns it. */
  async open(id: number | null): Promise<void> {
    const call = this.#latest.begin()
    this.id = id
    this.values = EMPTY
    this.problem = ""
    this.imageErrors = {}
    this.uploading = null
    if (id === null) {
      this.status = "create"
      return
    }
    this.status = "loading"
    const result = await this.#runner.attempt(this.#calls.circle(id))
    if (!call.current) return
    runInAction(() => {
      if (!result.ok) this.status = "missing"
      else if (!result.value.is_owner) this.status = "forbidden"
      else {
        const { name, avatar, cover, description } = result.value
        this.values = { name, avatar, cover, description }
        this.status = "edit"
      }
    })
  }

  setName(name: string): void {
    this.values = { ...this.values, name }
  }

  setDescription(description: string): void {
    this.values = { ...this.values, description }
  }

  /** Uploads an image into `field` (spec §5: png, jpg, jpeg up to 15 MB); the refusal shows under the field. */
  async upload(field: CircleImageField, file: UploadFile): Promise<void> {
    if (this.uploading !== null) return
    this.uploading = { field, percent: 0 }
    this.imageErrors = { ...this.imageErrors, [field]: undefined }
    const onProgress = (percent: number) => runInAction(() => {
      if (this.uploading?.field === field) this.uploading = { field, percent }
    })
    const calls = this.#calls
    const exit = await this.#runner.exit(Effect.gen(function* () {
      const uploads = yield* Uploads
      const sent = yield* uploads.uploadToOss(file, onProgress)
      return yield* calls.storeImage(sent.key)
    }))
    runInAction(() => {
      this.uploading = null
      if (Exit.isSuccess(exit)) {
        this.values = { ...this.values, [field]: exit.value }
        return
      }
      if (Cause.isInterruptedOnly(exit.cause)) return
      const failure = Cause.failureOption(exit.cause)
      const message = (failure._tag === "Some" ? errorText(failure.value) : undefined) ?? "上传失败"
      this.imageErrors = { ...this.imageErrors, [field]: message }
      this.#toasts.error(message)
    })
  }

  /** Saves (create or update); gives the saved circle, or null with `problem` set. */
  async save(): Promise<Circle | null> {
    if (this.saving || this.uploading !== null || !this.#session.hasUser) return null
    if (this.status !== "create" && this.status !== "edit") return null
    this.saving = true
    this.problem = ""
    const exit = await this.#runner.exit(this.#calls.save(this.id, this.values))
    return runInAction(() => {
      this.saving = false
      if (Exit.isSuccess(exit)) {
        this.#toasts.success(this.id === null ? "圈子创建成功" : "圈子已保存")
        return exit.value
      }
      const failure = Cause.failureOption(exit.cause)
      if (failure._tag === "Some") {
        const message = errorText(failure.value)
        this.problem = message ?? ""
        // the server's refusals (403 not the owner, limits) are toasts too; the form's own checks only show under it
        if (!(failure.value instanceof InvalidInput) && message !== undefined) this.#runner.report(failure.value)
      } else if (!Cause.isInterruptedOnly(exit.cause)) this.#runner.reportCause(exit.cause)
      return null
    })
  }

  /** A logout: the form is the account's; it starts empty again. */
  reset(): void {
    this.#latest.cancel()
    this.id = null
    this.status = "create"
    this.values = EMPTY
    this.problem = ""
    this.imageErrors = {}
    this.uploading = null
    this.saving = false
  }
}
