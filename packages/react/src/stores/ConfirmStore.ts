import { makeAutoObservable, observable } from "mobx"
import type { Store } from "./Store.js"

/** The generic confirm dialog's question (spec §2). */
export interface ConfirmRequest {
  readonly title: string
  readonly message: string
  readonly confirmText: string
  readonly cancelText: string
}

/** Our defaults for the dialog's title and buttons. */
export const CONFIRM_DEFAULTS = { title: "提示", confirmText: "确定", cancelText: "取消" } as const

/** The generic confirm dialog (spec §2) as a promise: `ask()` resolves with the button pressed. */
export class ConfirmStore implements Store {
  request: ConfirmRequest | null = null

  #resolve: ((confirmed: boolean) => void) | null = null

  constructor() {
    makeAutoObservable(this, { request: observable.ref }, { autoBind: true })
  }

  /**
   * Opens the dialog and resolves with the answer. A newer question replaces an open one, which then
   * resolves false, as does every open question when the store is disposed.
   */
  ask(request: Partial<ConfirmRequest> & { readonly message: string }): Promise<boolean> {
    this.answer(false)
    this.request = { ...CONFIRM_DEFAULTS, ...request }
    return new Promise((resolve) => {
      this.#resolve = resolve
    })
  }

  /** The dialog's buttons (and Escape / clicking outside, as false). */
  answer(confirmed: boolean): void {
    const resolve = this.#resolve
    this.#resolve = null
    this.request = null
    resolve?.(confirmed)
  }

  /** Nothing of the user: a question open at logout belongs to a dialog that closes itself (checkout). */
  reset(): void {}

  dispose(): void {
    this.answer(false)
  }
}
