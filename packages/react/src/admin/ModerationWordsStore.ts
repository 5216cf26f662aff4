import { AdminApi, type ModerationWord } from "@mido/core/admin"
import { makeAutoObservable, runInAction } from "mobx"
import type { AdminCalls } from "./AdminCalls.js"

/**
 * 审核词库: the operator's moderation word list, read whole (it is short), with add and remove. The
 * server matches the new list at once in every process; a failure shows its Chinese msg as a toast.
 */
export class ModerationWordsStore {
  words: ReadonlyArray<ModerationWord> = []
  status: "idle" | "loading" | "ready" | "error" = "idle"
  busy = false
  readonly #calls: AdminCalls

  constructor(calls: AdminCalls) {
    this.#calls = calls
    makeAutoObservable(this, {}, { autoBind: true })
  }

  async open(): Promise<void> {
    this.status = "loading"
    const answer = await this.#calls.attempt(AdminApi.moderation.words, {})
    runInAction(() => {
      if (answer.ok) this.words = answer.value.list
      this.status = answer.ok ? "ready" : "error"
    })
  }

  /** Adds a word; answers whether it was added (the form keeps the text otherwise). */
  async add(word: string): Promise<boolean> {
    if (this.busy) return false
    this.busy = true
    const answer = await this.#calls.attempt(AdminApi.moderation.addWord, { word })
    runInAction(() => {
      this.busy = false
      if (answer.ok) this.words = [...this.words, answer.value].sort((a, b) => a.form.localeCompare(b.form))
    })
    return answer.ok
  }

  async remove(id: number): Promise<void> {
    if (this.busy) return
    this.busy = true
    const answer = await this.#calls.attempt(AdminApi.moderation.removeWord, { id })
    runInAction(() => {
      this.busy = false
      if (answer.ok) this.words = this.words.filter((word) => word.id !== id)
    })
  }

  reset(): void {
    this.words = []
    this.status = "idle"
    this.busy = false
  }
}
