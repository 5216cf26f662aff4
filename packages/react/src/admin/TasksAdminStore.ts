import { AdminApi, type AdminTaskDetail, type AdminTaskRow } from "@mido/core/admin"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { PagedList } from "../stores/paging/PagedList.js"
import type { ToastStore } from "../stores/ToastStore.js"
import type { AdminCalls } from "./AdminCalls.js"

export const TASKS_PAGE_SIZE = 20

export type AdminTaskState = AdminTaskRow["status"]

export interface TaskFilter {
  /** "" for every state */
  readonly status: AdminTaskState | ""
  /** an engine kind, "" for every engine */
  readonly engine: string
}

const EVERY: TaskFilter = { status: "", engine: "" }

/** 任务: the queue by state and engine, the open task's record, and retry / fail-and-refund (audited on the server). */
export class TasksAdminStore {
  readonly list: PagedList<AdminTaskRow, number, TaskFilter>
  filter: TaskFilter = EVERY
  detail: AdminTaskDetail | null = null
  busy = false
  readonly #calls: AdminCalls
  readonly #toasts: ToastStore

  constructor(calls: AdminCalls, toasts: ToastStore) {
    this.#calls = calls
    this.#toasts = toasts
    this.list = new PagedList<AdminTaskRow, number, TaskFilter>({
      params: EVERY,
      keyOf: (row) => row.id,
      fetchPage: calls.pages(AdminApi.generation.tasks, (filter: TaskFilter, page) => ({
        page,
        size: TASKS_PAGE_SIZE,
        ...(filter.status === "" ? {} : { status: filter.status }),
        ...(filter.engine === "" ? {} : { engine: filter.engine })
      }))
    })
    makeAutoObservable(this, { list: false, detail: observable.ref }, { autoBind: true })
  }

  open(): Promise<void> {
    return this.list.setParams(this.filter)
  }

  setFilter(filter: Partial<TaskFilter>): Promise<void> {
    this.filter = { ...this.filter, ...filter }
    return this.list.setParams(this.filter)
  }

  async show(id: string): Promise<void> {
    const answer = await this.#calls.attempt(AdminApi.generation.task, { id })
    runInAction(() => {
      this.detail = answer.ok ? answer.value : null
    })
  }

  close(): void {
    this.detail = null
  }

  /** 重试: the open failed (or stuck) task drawn again for its owner; the new task opens. */
  async retry(): Promise<boolean> {
    const id = this.detail?.task.id
    if (id === undefined || this.busy) return false
    this.busy = true
    const answer = await this.#calls.attempt(AdminApi.generation.retry, { id })
    runInAction(() => {
      this.busy = false
    })
    if (!answer.ok) return false
    this.#toasts.show("success", "已重新提交任务")
    await this.show(answer.value.id)
    void this.list.refresh()
    return true
  }

  /** 失败并退款: the open stuck task ends failed and its beans go back to its owner. */
  async failAndRefund(): Promise<boolean> {
    const id = this.detail?.task.id
    if (id === undefined || this.busy) return false
    this.busy = true
    const answer = await this.#calls.attempt(AdminApi.generation.failAndRefund, { id })
    runInAction(() => {
      this.busy = false
    })
    if (!answer.ok) return false
    this.#toasts.show("success", `任务已终止，退还 ${answer.value.refunded} 米豆`)
    await this.show(id)
    void this.list.refresh()
    return true
  }

  reset(): void {
    this.filter = EVERY
    this.detail = null
    this.list.reset()
  }
}
