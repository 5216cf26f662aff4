import { makeAutoObservable } from "mobx"
import type { Store } from "./Store.js"
import type { Clipboard } from "./StoreHost.js"
import type { ToastStore } from "./ToastStore.js"

/** Spec §8, verbatim: the copy outcomes. */
export const CopyMessages = {
  copied: "复制成功",
  failed: "复制失败，请重试",
  unsupported: "复制失败，请检查浏览器支持"
} as const

/** Copying text (prompts, invite links) and saying how it went, as toasts (spec §8). */
export class ClipboardStore implements Store {
  readonly #clipboard: Clipboard | undefined
  readonly #toasts: ToastStore

  constructor(toasts: ToastStore, clipboard?: Clipboard) {
    this.#toasts = toasts
    this.#clipboard = clipboard
    makeAutoObservable(this, {}, { autoBind: true })
  }

  /** Copies `text`; true when it was copied. */
  async copy(text: string): Promise<boolean> {
    const clipboard = this.#clipboard
    if (clipboard === undefined || !clipboard.supported) {
      this.#toasts.error(CopyMessages.unsupported)
      return false
    }
    try {
      await clipboard.writeText(text)
      this.#toasts.success(CopyMessages.copied)
      return true
    } catch {
      this.#toasts.error(CopyMessages.failed)
      return false
    }
  }

  /** Nothing of the user is kept. */
  reset(): void {}
}
