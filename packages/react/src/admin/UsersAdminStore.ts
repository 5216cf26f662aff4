import { AdminApi, type AdminUserDetail, type AdminUserRow } from "@mido/core/admin"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { PagedList } from "../stores/paging/PagedList.js"
import type { ToastStore } from "../stores/ToastStore.js"
import type { AdminCalls } from "./AdminCalls.js"

export const USERS_PAGE_SIZE = 20

/** 用户: the search list, the open user's record, and the operator's actions on it (each audited on the server). */
export class UsersAdminStore {
  readonly list: PagedList<AdminUserRow, number, string>
  query = ""
  detail: AdminUserDetail | null = null
  busy = false
  readonly #calls: AdminCalls
  readonly #toasts: ToastStore

  constructor(calls: AdminCalls, toasts: ToastStore) {
    this.#calls = calls
    this.#toasts = toasts
    this.list = new PagedList<AdminUserRow, number, string>({
      params: "",
      keyOf: (row) => row.uid,
      fetchPage: calls.pages(AdminApi.users.search, (q: string, page) => ({ q, page, size: USERS_PAGE_SIZE }))
    })
    makeAutoObservable(this, { list: false, detail: observable.ref }, { autoBind: true })
  }

  search(query: string): Promise<void> {
    this.query = query.trim()
    return this.list.setParams(this.query)
  }

  async open(uid: number): Promise<void> {
    const answer = await this.#calls.attempt(AdminApi.users.detail, { uid })
    runInAction(() => {
      this.detail = answer.ok ? answer.value : null
    })
  }

  close(): void {
    this.detail = null
  }

  ban(reason: string): Promise<boolean> {
    return this.#act((uid) => this.#calls.attempt(AdminApi.users.ban, { uid, reason }))
  }

  unban(): Promise<boolean> {
    return this.#act((uid) => this.#calls.attempt(AdminApi.users.unban, { uid }))
  }

  endSessions(): Promise<boolean> {
    return this.#act((uid) => this.#calls.attempt(AdminApi.users.endSessions, { uid }))
  }

  adjustBeans(amount: number, reason: string): Promise<boolean> {
    return this.#act((uid) => this.#calls.attempt(AdminApi.users.adjustBeans, { uid, amount, reason }))
  }

  /** Runs one action on the open user, tells its outcome and reloads the record and the list. */
  async #act(run: (uid: number) => Promise<{ ok: true; value: { ok: boolean; message: string } } | { ok: false }>): Promise<boolean> {
    const uid = this.detail?.user.uid
    if (uid === undefined || this.busy) return false
    this.busy = true
    const answer = await run(uid)
    runInAction(() => {
      this.busy = false
    })
    if (!answer.ok) return false
    this.#toasts.show(answer.value.ok ? "success" : "error", answer.value.message)
    await this.open(uid)
    void this.list.refresh()
    return answer.value.ok
  }

  reset(): void {
    this.query = ""
    this.detail = null
    this.list.reset()
  }
}
