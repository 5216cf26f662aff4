import { reaction } from "mobx"
import type { RootStore } from "../stores/RootStore.js"
import { AdminAccessStore } from "./AdminAccessStore.js"
import { AdminCalls } from "./AdminCalls.js"
import { AuditLogStore } from "./AuditLogStore.js"
import { DashboardStore } from "./DashboardStore.js"
import { UsersAdminStore } from "./UsersAdminStore.js"
import { ReportsStore } from "./ReportsStore.js"
import { ReviewStore } from "./ReviewStore.js"
import { ModerationWordsStore } from "./ModerationWordsStore.js"
import { MoneyStore } from "./MoneyStore.js"
import { TasksAdminStore } from "./TasksAdminStore.js"
import { EnginesAdminStore } from "./EnginesAdminStore.js"

/**
 * The operator console's stores (issue 29, docs/adr/0023), a root of their own beside the app's
 * RootStore (never inside it: the console's code stays out of the public app's first load). It shares
 * the app's runner (runtime, lifetime, error policy), toasts and session. A logout, or a change of
 * account, resets every console store and checks the role again. Each area adds its store here.
 */
export class AdminRootStore {
  readonly calls: AdminCalls
  readonly access: AdminAccessStore
  readonly audit: AuditLogStore
  readonly users: UsersAdminStore
  readonly dashboard: DashboardStore
  readonly review: ReviewStore
  readonly reports: ReportsStore
  readonly moderationWords: ModerationWordsStore
  readonly money: MoneyStore
  readonly tasks: TasksAdminStore
  readonly engines: EnginesAdminStore
  readonly #stopFollowing: () => void

  constructor(readonly root: RootStore) {
    this.calls = new AdminCalls(root.runner)
    this.access = new AdminAccessStore(this.calls)
    this.audit = new AuditLogStore(this.calls)
    this.users = new UsersAdminStore(this.calls, root.toasts)
    this.dashboard = new DashboardStore(this.calls)
    this.review = new ReviewStore(this.calls)
    this.reports = new ReportsStore(this.calls)
    this.moderationWords = new ModerationWordsStore(this.calls)
    this.money = new MoneyStore(this.calls)
    this.tasks = new TasksAdminStore(this.calls, root.toasts)
    this.engines = new EnginesAdminStore(this.calls)
    this.#stopFollowing = reaction(
      () => root.session.user?.uid,
      () => {
        this.reset()
        void this.access.check(root.session.isLoggedIn)
      }
    )
  }

  /** What an account change forgets: everything the console showed. */
  reset(): void {
    this.access.reset()
    this.audit.reset()
    this.users.reset()
    this.dashboard.reset()
    this.review.reset()
    this.reports.reset()
    this.moderationWords.reset()
    this.money.reset()
    this.tasks.reset()
    this.engines.reset()
  }

  dispose(): void {
    this.#stopFollowing()
  }
}

const made = new WeakMap<RootStore, AdminRootStore>()

/** The console's root over the app's root store, made on the console's first render and kept with it. */
export const adminRootStoreOf = (root: RootStore): AdminRootStore => {
  let admin = made.get(root)
  if (admin === undefined) {
    admin = new AdminRootStore(root)
    made.set(root, admin)
  }
  return admin
}
