import { type CoreServices, makePersistedValue, type PersistedValue, StorageKeys, type Unsubscribe } from "@mido/core"
import { Effect, Option, Schema } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ServiceRunner } from "./ServiceRunner.js"
import type { Clipboard } from "./StoreHost.js"

/** Spec §9: toasts stay 3000 ms unless told otherwise. */
export const TOAST_DURATION_MS = 3000

/** Spec §8, verbatim: the copy outcomes. */
export const CopyMessages = {
  copied: "复制成功",
  failed: "复制失败，请重试",
  unsupported: "复制失败，请检查浏览器支持"
} as const

export type ToastKind = "success" | "error" | "warning"

export interface Toast {
  readonly id: number
  readonly kind: ToastKind
  readonly message: string
}

/** The generic confirm dialog's question (spec §2). */
export interface ConfirmRequest {
  readonly title: string
  readonly message: string
  readonly confirmText: string
  readonly cancelText: string
}

/** Our defaults for the dialog's title and buttons. */
export const CONFIRM_DEFAULTS = { title: "提示", confirmText: "确定", cancelText: "取消" } as const

const Flag = Schema.Boolean

/**
 * The UI state shared by every page (spec §2 overlays): toasts, the confirm dialog as a promise, the
 * loading indicator as a counter, and persisted flags: isReadFixedMessage (the fixed notice was read)
 * and feature-prompt-show (the community prompt was dismissed for good) of spec §3, and the H5 flag of
 * spec §2 (NV7: `/list?source=H5` keeps a phone on this site).
 */
export class UiStore {
  toasts: ReadonlyArray<Toast> = []
  confirmRequest: ConfirmRequest | null = null
  loadingCount = 0
  isReadFixedMessage = false
  featurePromptShown = false
  h5 = false

  readonly #runner: ServiceRunner
  readonly #clipboard: Clipboard | undefined
  readonly #timers = new Map<number, ReturnType<typeof setTimeout>>()
  #nextToastId = 1
  #answerConfirm: ((confirmed: boolean) => void) | null = null
  #readFixedMessage: PersistedValue<boolean> | null = null
  #featurePrompt: PersistedValue<boolean> | null = null
  #h5: PersistedValue<boolean> | null = null

  constructor(runner: ServiceRunner, clipboard?: Clipboard) {
    this.#runner = runner
    this.#clipboard = clipboard
    makeAutoObservable(this, { toasts: observable.ref, confirmRequest: observable.ref, attach: false }, { autoBind: true })
  }

  get isLoading(): boolean {
    return this.loadingCount > 0
  }

  /** Shows a toast; it goes by itself after `durationMs` (0 keeps it until dismissed). Gives its id. */
  show(kind: ToastKind, message: string, durationMs: number = TOAST_DURATION_MS): number {
    const id = this.#nextToastId++
    this.toasts = [...this.toasts, { id, kind, message }]
    if (durationMs > 0) this.#timers.set(id, setTimeout(() => this.dismissToast(id), durationMs))
    return id
  }

  success(message: string, durationMs?: number): number {
    return this.show("success", message, durationMs)
  }

  error(message: string, durationMs?: number): number {
    return this.show("error", message, durationMs)
  }

  warning(message: string, durationMs?: number): number {
    return this.show("warning", message, durationMs)
  }

  dismissToast(id: number): void {
    clearTimeout(this.#timers.get(id))
    this.#timers.delete(id)
    this.toasts = this.toasts.filter((toast) => toast.id !== id)
  }

  /**
   * Opens the confirm dialog and resolves with the answer. A newer question replaces an open one,
   * which then resolves false, as does every open question when the store is disposed.
   */
  confirm(request: Partial<ConfirmRequest> & { readonly message: string }): Promise<boolean> {
    this.answerConfirm(false)
    this.confirmRequest = { ...CONFIRM_DEFAULTS, ...request }
    return new Promise((resolve) => {
      this.#answerConfirm = resolve
    })
  }

  /** The dialog's buttons (and Escape / clicking outside, as false). */
  answerConfirm(confirmed: boolean): void {
    const answer = this.#answerConfirm
    this.#answerConfirm = null
    this.confirmRequest = null
    answer?.(confirmed)
  }

  /** Counts one more task in progress; call the returned function (once is enough) when it ends. */
  beginLoading(): () => void {
    this.loadingCount += 1
    let ended = false
    return () => {
      if (ended) return
      ended = true
      runInAction(() => {
        this.loadingCount = Math.max(0, this.loadingCount - 1)
      })
    }
  }

  /** Shows the loading indicator while `task` runs. */
  async withLoading<A>(task: () => Promise<A>): Promise<A> {
    const end = this.beginLoading()
    try {
      return await task()
    } finally {
      end()
    }
  }

  /** Copies `text` and says how it went (spec §8 texts). */
  async copy(text: string): Promise<boolean> {
    const clipboard = this.#clipboard
    if (clipboard === undefined || !clipboard.supported) {
      this.error(CopyMessages.unsupported)
      return false
    }
    try {
      await clipboard.writeText(text)
      this.success(CopyMessages.copied)
      return true
    } catch {
      this.error(CopyMessages.failed)
      return false
    }
  }

  /** Spec §4: the fixed notice's read flag removes its badge; kept for good. */
  markFixedMessageRead(): void {
    this.isReadFixedMessage = true
    this.#save(this.#readFixedMessage, true)
  }

  /** Spec §4: closing the feature prompt or going to the community stores the flag permanently. */
  dismissFeaturePrompt(): void {
    this.featurePromptShown = true
    this.#save(this.#featurePrompt, true)
  }

  /** NV7: a phone asked for this site (`/list?source=H5`); kept for good. */
  rememberH5(): void {
    if (this.h5) return
    this.h5 = true
    this.#save(this.#h5, true)
  }

  /** Reads the persisted flags (a corrupt value counts as unset). */
  attach(): Effect.Effect<Unsubscribe, never, CoreServices> {
    return Effect.gen(this, function* () {
      const readFixedMessage = yield* makePersistedValue(StorageKeys.readFixedMessage, Flag)
      const featurePrompt = yield* makePersistedValue(StorageKeys.featurePromptShown, Flag)
      const h5 = yield* makePersistedValue(StorageKeys.h5Flag, Flag)
      const read = Option.getOrElse(yield* readFixedMessage.get, () => false)
      const shown = Option.getOrElse(yield* featurePrompt.get, () => false)
      const onSite = Option.getOrElse(yield* h5.get, () => false)
      runInAction(() => {
        this.#readFixedMessage = readFixedMessage
        this.#featurePrompt = featurePrompt
        this.#h5 = h5
        this.isReadFixedMessage = read
        this.featurePromptShown = shown
        this.h5 = onSite || this.h5
      })
      return () => undefined
    })
  }

  /** Clears the timers and answers an open question with false. */
  dispose(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer)
    this.#timers.clear()
    this.toasts = []
    this.answerConfirm(false)
  }

  #save(persisted: PersistedValue<boolean> | null, value: boolean): void {
    if (persisted !== null) void this.#runner.exit(persisted.set(value))
  }
}
