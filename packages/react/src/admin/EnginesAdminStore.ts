import { AdminApi, type AdminEngines } from "@mido/core/admin"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { AdminCalls } from "./AdminCalls.js"

/** 引擎: each engine's health, catalogue and queue, checked when the page opens or 重新检查 is pressed. */
export class EnginesAdminStore {
  report: AdminEngines | null = null
  checking = false
  readonly #calls: AdminCalls

  constructor(calls: AdminCalls) {
    this.#calls = calls
    makeAutoObservable(this, { report: observable.ref }, { autoBind: true })
  }

  async check(): Promise<void> {
    if (this.checking) return
    this.checking = true
    const answer = await this.#calls.attempt(AdminApi.generation.engines, {})
    runInAction(() => {
      this.checking = false
      if (answer.ok) this.report = answer.value
    })
  }

  reset(): void {
    this.report = null
    this.checking = false
  }
}
