import { AdminApi, type ReportGroup } from "@mido/core/admin"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { LatestOnly } from "../stores/paging/LatestOnly.js"
import type { AdminCalls } from "./AdminCalls.js"
import { REVIEW_PAGE_SIZE } from "./ReviewStore.js"

/**
 * 举报 (/admin/reports): open reports grouped by target, newest report first; one resolution for all
 * of a target's reports (dismiss, or take the target down with a reason).
 */
export class ReportsStore {
  page = 1
  groups: ReadonlyArray<ReportGroup> = []
  total = 0
  loading = false
  busyId: number | undefined = undefined

  readonly #calls: AdminCalls
  /** An older page's answer that arrives after a newer one was asked for (the operator paged on) is dropped. */
  readonly #latest = new LatestOnly()

  constructor(calls: AdminCalls) {
    this.#calls = calls
    makeAutoObservable(this, { groups: observable.ref }, { autoBind: true })
  }

  get pageCount(): number {
    return Math.max(1, Math.ceil(this.total / REVIEW_PAGE_SIZE))
  }

  async load(): Promise<void> {
    const request = this.#latest.begin()
    this.loading = true
    const answer = await this.#calls.attempt(AdminApi.review.reports, { page: this.page, size: REVIEW_PAGE_SIZE })
    if (!request.current) return
    runInAction(() => {
      this.loading = false
      if (!answer.ok) return
      this.groups = answer.value.list
      this.total = answer.value.total
    })
  }

  showPage(page: number): Promise<void> {
    this.page = Math.min(Math.max(1, page), this.pageCount)
    return this.load()
  }

  dismiss(group: ReportGroup): Promise<boolean> {
    return this.#resolve(group, "dismissed", undefined)
  }

  takeDown(group: ReportGroup, reason: string): Promise<boolean> {
    return this.#resolve(group, "taken_down", reason)
  }

  reset(): void {
    this.#latest.cancel()
    this.loading = false
    this.page = 1
    this.groups = []
    this.total = 0
    this.busyId = undefined
  }

  async #resolve(group: ReportGroup, resolution: "dismissed" | "taken_down", reason: string | undefined): Promise<boolean> {
    this.busyId = group.target_id
    const input = { target_type: group.target_type, target_id: group.target_id, resolution, ...(reason === undefined ? {} : { reason }) }
    const answer = await this.#calls.attempt(AdminApi.review.resolveReports, input)
    runInAction(() => {
      this.busyId = undefined
      if (!answer.ok) return
      this.groups = this.groups.filter((entry) => entry.target_id !== group.target_id)
      this.total = Math.max(0, this.total - 1)
    })
    if (!answer.ok || this.groups.length === 0) await this.load()
    return answer.ok
  }
}
