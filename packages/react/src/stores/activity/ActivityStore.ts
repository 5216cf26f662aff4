import type { Activity, ActivityStatus, ActivityWork } from "@mido/core"
import {
  type ActivitiesShape,
  ACTIVITY_STATUS_TEXT,
  activityCountdown,
  activityDatesText,
  activityStatusAt,
  currentActivity,
  makeActivitiesService,
  submitBlocker
} from "@mido/core/activity"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { LatestOnly } from "../paging/LatestOnly.js"
import { numberedPage } from "../paging/Page.js"
import { PagedList } from "../paging/PagedList.js"
import { pagesFromCore } from "../paging/pagesFromCore.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { SessionStore } from "../SessionStore.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"
import { ActivityEntryPicker } from "./ActivityEntryPicker.js"
import { failedLoad, type PageStatus } from "./loadOutcome.js"

export const ACTIVITY_LIST_SIZE = 12
export const ENTRY_PAGE_SIZE = 20
/** How many entries are read for 获奖作品 (awards go to the most voted; seeds give five). */
export const RESULTS_SIZE = 50

export type EntrySort = "new" | "hot"
export interface EntryParams {
  readonly activityId: number
  readonly sort: EntrySort
}

/** The 活动广场 tabs: 全部 / 进行中 / 未开始 / 已结束. */
export const ACTIVITY_TABS: ReadonlyArray<{ readonly status: ActivityStatus | undefined; readonly label: string }> = [
  { status: undefined, label: "全部" },
  { status: "ongoing", label: ACTIVITY_STATUS_TEXT.ongoing },
  { status: "upcoming", label: ACTIVITY_STATUS_TEXT.upcoming },
  { status: "ended", label: ACTIVITY_STATUS_TEXT.ended }
]

/**
 * The activity pages (issue 17: /activity/detail/{key?}, /activity/boat, /activity/work-detail): the
 * 活动广场 list by status, one activity with its live status and countdown (AC1–AC3, a one-second
 * clock while a page shows it), its entries (a PagedList, 最新 / 最热), 获奖作品 once ended, and
 * 提交作品 (login first; AC4; the picker of ActivityEntryPicker). Made with the activity pages' chunk.
 */
export class ActivityStore implements Store {
  activity: Activity | null = null
  status: PageStatus = "idle"
  problem = ""
  /** The clock the countdown reads, ticking once a second while a page watches. */
  now = Date.now()
  /** A visitor asked for 提交作品: the page shows the login prompt. */
  loginPrompt = false
  results: ReadonlyArray<ActivityWork> = []
  listStatus: ActivityStatus | undefined = undefined

  readonly activities: PagedList<Activity, number, { readonly status: ActivityStatus | undefined }>
  readonly entries: PagedList<ActivityWork, number, EntryParams>
  readonly picker: ActivityEntryPicker

  readonly #runner: ServiceRunner
  readonly #session: SessionStore
  readonly #toasts: ToastStore
  readonly #service: ActivitiesShape
  readonly #loads = new LatestOnly()
  #timer: ReturnType<typeof setInterval> | undefined
  #watchers = 0

  constructor(runner: ServiceRunner, session: SessionStore, toasts: ToastStore) {
    this.#runner = runner
    this.#session = session
    this.#toasts = toasts
    const made = runner.now(makeActivitiesService)
    if (made instanceof Promise) throw new Error("the activity calls are made from services that are already there")
    const service = made
    this.#service = service
    this.activities = new PagedList({
      params: { status: undefined as ActivityStatus | undefined },
      keyOf: (activity) => activity.id,
      fetchPage: pagesFromCore(runner, ({ cursor = 1, params }) =>
        Effect.map(service.list(params.status, cursor, ACTIVITY_LIST_SIZE), (answer) => numberedPage(cursor, answer)))
    })
    this.entries = new PagedList<ActivityWork, number, EntryParams>({
      params: { activityId: 0, sort: "new" },
      keyOf: (work) => work.id,
      fetchPage: pagesFromCore(runner, ({ cursor = 1, params }) =>
        params.activityId === 0
          ? Effect.succeed(numberedPage<ActivityWork>(cursor, { list: [], total: 0 }))
          : Effect.map(service.works(params.activityId, params.sort, cursor, ENTRY_PAGE_SIZE), (answer) => numberedPage(cursor, answer)))
    })
    this.picker = new ActivityEntryPicker(runner, service)
    makeAutoObservable(this, { activity: observable.ref, results: observable.ref }, { autoBind: true })
  }

  /** The 活动广场 tabs. */
  get tabs(): typeof ACTIVITY_TABS {
    return ACTIVITY_TABS
  }

  /** AC1: the status now (the server's, moved on by the clock when a boundary passes). */
  get liveStatus(): ActivityStatus | null {
    return this.activity === null ? null : activityStatusAt(this.activity, this.now)
  }

  get statusText(): string {
    return this.liveStatus === null ? "" : ACTIVITY_STATUS_TEXT[this.liveStatus]
  }

  /** AC2. */
  get countdown(): string {
    return this.activity === null ? "" : activityCountdown(this.activity, this.now)
  }

  /** AC3. */
  get datesText(): string {
    return this.activity === null ? "" : activityDatesText(this.activity)
  }

  /** AC4: why 提交作品 is not offered now, or null. */
  get submitBlocker(): string | null {
    return this.activity === null ? null : submitBlocker(this.activity, this.now)
  }

  /** AC6: the activity the 活动广场 puts on top, among those loaded. */
  get featured(): Activity | null {
    return currentActivity(this.activities.items, this.now)
  }

  get entrySort(): EntrySort {
    return this.entries.params.sort
  }

  statusTextOf(activity: Activity): string {
    return ACTIVITY_STATUS_TEXT[activityStatusAt(activity, this.now)]
  }

  datesTextOf(activity: Activity): string {
    return activityDatesText(activity)
  }

  selectListStatus(status: ActivityStatus | undefined): void {
    this.listStatus = status
    void this.activities.setParams({ status })
  }

  /** Opens one activity by key: the activity, then its entries and, once ended, its awards. */
  async load(key: string): Promise<void> {
    const token = this.#loads.begin()
    if (this.activity?.key !== key) {
      this.activity = null
      this.results = []
      this.entries.reset()
    }
    this.status = "loading"
    this.problem = ""
    const exit = await this.#runner.exit(this.#service.detail(key))
    if (!token.current) return
    const outcome = failedLoad(exit)
    runInAction(() => {
      this.status = outcome.status
      this.problem = outcome.problem
      this.activity = exit._tag === "Success" ? exit.value : null
    })
    const activity = this.activity
    if (activity === null) return
    void this.entries.setParams({ activityId: activity.id, sort: this.entries.params.sort })
    if (activityStatusAt(activity, Date.now()) === "ended") await this.#loadResults(activity.id, token)
  }

  async #loadResults(activityId: number, token: { readonly current: boolean }): Promise<void> {
    const answer = await this.#runner.attempt(this.#service.works(activityId, "hot", 1, RESULTS_SIZE))
    if (!token.current || !answer.ok) return
    runInAction(() => {
      this.results = answer.value.list.filter((work) => work.award !== null)
    })
  }

  selectEntrySort(sort: EntrySort): void {
    if (this.activity === null || sort === this.entries.params.sort) return
    void this.entries.setParams({ activityId: this.activity.id, sort })
  }

  /** 提交作品: a visitor gets the login prompt; otherwise the picker of their library works. */
  startSubmit(): void {
    if (!this.#session.hasUser) {
      this.loginPrompt = true
      return
    }
    this.picker.show()
  }

  dismissLoginPrompt(): void {
    this.loginPrompt = false
  }

  /** Hands the chosen work in; on success the page shows it joined and the entries start over. */
  async submitChosen(): Promise<void> {
    const activity = this.activity
    if (activity === null) return
    const work = await this.picker.submit(activity.id)
    if (work === null) return
    runInAction(() => {
      if (this.activity?.id === activity.id) {
        this.activity = { ...activity, is_joined: true, participant_count: activity.participant_count + 1, work_count: activity.work_count + 1 }
      }
    })
    this.#toasts.success("作品提交成功")
    void this.entries.setParams({ activityId: activity.id, sort: "new" })
  }

  /** A page shows a countdown: the clock ticks once a second until every page that asked has left. */
  watchClock(): () => void {
    this.#watchers += 1
    this.now = Date.now()
    this.#timer ??= setInterval(this.tick, 1000)
    return () => {
      this.#watchers -= 1
      if (this.#watchers === 0) this.#stopClock()
    }
  }

  tick(): void {
    this.now = Date.now()
  }

  #stopClock(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer)
    this.#timer = undefined
  }

  /**
   * A logout: is_joined and the library were the account's. The picker and prompt close, the lists
   * start over, and an activity on screen is asked again as the visitor sees it.
   */
  reset(): void {
    this.#loads.cancel()
    this.loginPrompt = false
    this.picker.reset()
    this.activities.reset()
    const shown = this.activity
    if (shown === null) {
      this.status = "idle"
      this.entries.reset()
      return
    }
    void this.load(shown.key)
  }

  dispose(): void {
    this.#stopClock()
    this.#watchers = 0
  }
}
