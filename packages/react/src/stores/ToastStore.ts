import { makeAutoObservable, observable } from "mobx"
import type { Store } from "./Store.js"

/** Spec §9: toasts stay 3000 ms unless told otherwise. */
export const TOAST_DURATION_MS = 3000

export type ToastKind = "success" | "error" | "warning"

export interface Toast {
  readonly id: number
  readonly kind: ToastKind
  readonly message: string
}

/**
 * The toasts of every page (spec §2 overlays, §9), newest last; each goes by itself after its
 * duration. The error policy (spec §8) shows failures here.
 */
export class ToastStore implements Store {
  shown: ReadonlyArray<Toast> = []

  readonly #timers = new Map<number, ReturnType<typeof setTimeout>>()
  #nextId = 1

  constructor() {
    makeAutoObservable(this, { shown: observable.ref }, { autoBind: true })
  }

  /** Shows a toast; it goes by itself after `durationMs` (0 keeps it until dismissed). Gives its id. */
  show(kind: ToastKind, message: string, durationMs: number = TOAST_DURATION_MS): number {
    const id = this.#nextId++
    this.shown = [...this.shown, { id, kind, message }]
    if (durationMs > 0) this.#timers.set(id, setTimeout(() => this.dismiss(id), durationMs))
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

  dismiss(id: number): void {
    clearTimeout(this.#timers.get(id))
    this.#timers.delete(id)
    this.shown = this.shown.filter((toast) => toast.id !== id)
  }

  /** Nothing of the user: a logout's own toast (已退出登录) must outlive the logout. */
  reset(): void {}

  /** Clears the toasts and their timers. */
  dispose(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer)
    this.#timers.clear()
    this.shown = []
  }
}
