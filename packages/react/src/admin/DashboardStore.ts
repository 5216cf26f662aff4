import { AdminApi, type Dashboard } from "@mido/core/admin"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { AdminCalls } from "./AdminCalls.js"

/** 概览: today's figures, each with the SQL that produced it. */
export class DashboardStore {
  dashboard: Dashboard | null = null
  loading = false
  readonly #calls: AdminCalls

  constructor(calls: AdminCalls) {
    this.#calls = calls
    makeAutoObservable(this, { dashboard: observable.ref }, { autoBind: true })
  }

  async load(): Promise<void> {
    this.loading = true
    const answer = await this.#calls.attempt(AdminApi.dashboard.today, {})
    runInAction(() => {
      this.loading = false
      if (answer.ok) this.dashboard = answer.value
    })
  }

  reset(): void {
    this.dashboard = null
  }
}
