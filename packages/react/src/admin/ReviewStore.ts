import { AdminApi, type ReviewItem, type ReviewKind } from "@mido/core/admin"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { LatestOnly } from "../stores/paging/LatestOnly.js"
import type { AdminCalls } from "./AdminCalls.js"

/** Items a page of the queue and of the reports shows (each item is a tall card). */
export const REVIEW_PAGE_SIZE = 10

const NO_WAITING: Readonly<Record<ReviewKind, number>> = { artwork: 0, post: 0, comment: 0, article: 0 }

/**
 * 审核 (/admin/review): one tab of the queue at a time, oldest waiting first, and the decisions on its
 * items. A decided item leaves the list at once and the tab's count drops; a refusal (another operator
 * was quicker: 409) goes through the error policy and the page is read again.
 */
export class ReviewStore {
  kind: ReviewKind = "artwork"
  page = 1
  items: ReadonlyArray<ReviewItem> = []
  total = 0
  waiting: Readonly<Record<ReviewKind, number>> = NO_WAITING
  loading = false
  /** The item a decision is being sent for (its buttons wait). */
  busyId: string | undefined = undefined

  readonly #calls: AdminCalls
  /** An older page's answer that arrives after a newer one was asked for (the operator paged on) is dropped. */
  readonly #latest = new LatestOnly()

  constructor(calls: AdminCalls) {
    this.#calls = calls
    makeAutoObservable(this, { items: observable.ref, waiting: observable.ref }, { autoBind: true })
  }

  get pageCount(): number {
    return Math.max(1, Math.ceil(this.total / REVIEW_PAGE_SIZE))
  }

  async load(): Promise<void> {
    const request = this.#latest.begin()
    this.loading = true
    const answer = await this.#calls.attempt(AdminApi.review.queue, { kind: this.kind, page: this.page, size: REVIEW_PAGE_SIZE })
    if (!request.current) return
    runInAction(() => {
      this.loading = false
      if (!answer.ok) return
      this.items = answer.value.list
      this.total = answer.value.total
      this.waiting = answer.value.waiting
    })
  }

  showKind(kind: ReviewKind): Promise<void> {
    this.kind = kind
    this.page = 1
    return this.load()
  }

  showPage(page: number): Promise<void> {
    this.page = Math.min(Math.max(1, page), this.pageCount)
    return this.load()
  }

  approve(item: ReviewItem): Promise<boolean> {
    return this.#decide(item, () => this.#calls.attempt(AdminApi.review.approve, { kind: item.kind, id: item.id }))
  }

  /** 驳回 a work in review; the reason reaches its author. */
  reject(item: ReviewItem, reason: string): Promise<boolean> {
    return this.#decide(item, () => this.#calls.attempt(AdminApi.review.reject, { kind: item.kind, id: item.id, reason }))
  }

  /** 下架 published content; the reason reaches its author. */
  takeDown(item: ReviewItem, reason: string): Promise<boolean> {
    return this.#decide(item, () => this.#calls.attempt(AdminApi.review.takeDown, { kind: item.kind, id: item.id, reason }))
  }

  reset(): void {
    this.#latest.cancel()
    this.loading = false
    this.kind = "artwork"
    this.page = 1
    this.items = []
    this.total = 0
    this.waiting = NO_WAITING
    this.busyId = undefined
  }

  async #decide(item: ReviewItem, send: () => Promise<{ readonly ok: boolean }>): Promise<boolean> {
    this.busyId = `${item.kind}:${item.id}`
    const answer = await send()
    runInAction(() => {
      this.busyId = undefined
      if (!answer.ok) return
      this.items = this.items.filter((entry) => !(entry.kind === item.kind && entry.id === item.id))
      this.total = Math.max(0, this.total - 1)
      this.waiting = { ...this.waiting, [item.kind]: Math.max(0, this.waiting[item.kind] - 1) }
    })
    // a refusal means the list is stale (someone else decided): read it again
    if (!answer.ok || this.items.length === 0) await this.load()
    return answer.ok
  }
}
