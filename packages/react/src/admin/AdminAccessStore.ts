import { type AdminMe, AdminApi, type AdminRole, roleIncludes } from "@mido/core/admin"
import { Cause, Exit } from "effect"
import { makeAutoObservable, runInAction } from "mobx"
import { isUnauthorized } from "../stores/errorPolicy.js"
import type { AdminCalls } from "./AdminCalls.js"

/** Where the console's gate stands: asking, the operator is in, the account has no role, nobody is logged in. */
export type AdminAccessStatus = "checking" | "granted" | "refused" | "visitor" | "failed"

/**
 * The console's gate: asks the server who is at the console (admin/me, the role read from the
 * database). Until it answers "granted" the layout shows nothing of the console; a plain account
 * sees 无权访问, a visitor the login link. The server checks every call again: this only decides the view.
 */
export class AdminAccessStore {
  status: AdminAccessStatus = "checking"
  me: AdminMe | null = null
  readonly #calls: AdminCalls

  constructor(calls: AdminCalls) {
    this.#calls = calls
    makeAutoObservable(this, {}, { autoBind: true })
  }

  /** Whether the signed-in operator's role reaches `needed` (the nav hides what they cannot open). */
  allows(needed: AdminRole): boolean {
    return this.me !== null && roleIncludes(this.me.role, needed)
  }

  async check(loggedIn: boolean): Promise<void> {
    if (!loggedIn) {
      this.reset("visitor")
      return
    }
    this.status = "checking"
    const exit = await this.#calls.exit(AdminApi.access.me, {})
    runInAction(() => {
      if (Exit.isSuccess(exit)) {
        this.me = exit.value
        this.status = "granted"
        return
      }
      const failure = Cause.failureOption(exit.cause)
      const error = failure._tag === "Some" ? failure.value : undefined
      this.me = null
      this.status = isUnauthorized(error) ? "visitor" : isRefusal(error) ? "refused" : "failed"
    })
  }

  reset(status: AdminAccessStatus = "checking"): void {
    this.me = null
    this.status = status
  }
}

const isRefusal = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "code" in error && (error as { code: unknown }).code === 403
