import type { Assignment, LibraryArtwork, Post } from "@mido/core"
import { Library } from "@mido/core"
import { type AssignmentDeadline, assignmentDeadline, type CirclesShape } from "@mido/core/circle"
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

export const SUBMISSIONS_PAGE_SIZE = 20
export const PICKER_PAGE_SIZE = 24

interface AssignmentParams {
  readonly id: number
}

/** A work of my library that can be handed in: one with a picture. */
export type PickableWork = Pick<LibraryArtwork, "id" | "cover" | "width" | "height" | "title">

/**
 * /community/assignment-detail?id=: the brief, the deadline with its countdown (CI1, ticking each
 * second while the page is open), the hand-in (one of my library's works picked in a dialog, with a
 * note) and the submissions grid, newest first. A hand-in that the server took appears at the top
 * of the grid and the count moves; the server keeps it to one per member, before the deadline.
 */
export class AssignmentStore implements Store {
  id = 0
  assignment: Assignment | null = null
  status: "idle" | "loading" | "ready" | "missing" = "idle"
  /** Unix seconds, ticking while the page is open (`watchClock`). */
  now = Math.floor(Date.now() / 1000)
  pickerOpen = false
  picked: PickableWork | null = null
  note = ""
  submitting = false
  readonly submissions: PagedList<Post, number, AssignmentParams>
  /** My library (newest first) for the picker. */
  readonly library: PagedList<LibraryArtwork, number, undefined>

  readonly #runner: ServiceRunner
  readonly #session: SessionStore
  readonly #toasts: ToastStore
  readonly #calls: CirclesShape
  readonly #latest = new LatestOnly()
  #clock: ReturnType<typeof setInterval> | undefined

  constructor(runner: ServiceRunner, session: SessionStore, toasts: ToastStore, calls: CirclesShape) {
    this.#runner = runner
    this.#session = session
    this.#toasts = toasts
    this.#calls = calls
    this.submissions = new PagedList<Post, number, AssignmentParams>({
      params: { id: 0 },
      keyOf: (post) => post.id,
      fetchPage: pagesFromCore(runner, ({ cursor = 1, params }) =>
        params.id === 0
          ? Effect.succeed(numberedPage<Post>(cursor, { list: [], total: 0 }))
          : Effect.map(calls.submissions(params.id, cursor, SUBMISSIONS_PAGE_SIZE), (answer) => numberedPage(cursor, answer)))
    })
    this.library = new PagedList<LibraryArtwork, number, undefined>({
      params: undefined,
      keyOf: (work) => work.id,
      fetchPage: pagesFromCore(runner, ({ cursor = 1 }) =>
        Effect.map(Effect.flatMap(Library, (library) => library.page({}, cursor, PICKER_PAGE_SIZE)), (answer) => numberedPage(cursor, answer)))
    })
    makeAutoObservable(this, { assignment: observable.ref, picked: observable.ref, submissions: false, library: false }, { autoBind: true })
  }

  /** CI1: open or 已截止, and the time left. */
  get deadline(): AssignmentDeadline {
    return this.assignment === null ? { open: false, text: "" } : assignmentDeadline(this.assignment.deadline, this.now)
  }

  /** The hand-in button is offered: open, not handed in yet. */
  get canSubmit(): boolean {
    return this.assignment !== null && this.deadline.open && !this.assignment.is_submitted
  }

  async open(id: number): Promise<void> {
    const call = this.#latest.begin()
    if (id !== this.id) {
      this.id = id
      this.assignment = null
      void this.submissions.setParams({ id })
    }
    this.tick()
    if (this.assignment === null) this.status = "loading"
    const result = await this.#runner.attempt(this.#calls.assignment(id))
    if (!call.current) return
    runInAction(() => {
      if (result.ok) this.assignment = result.value
      this.status = result.ok ? "ready" : this.assignment === null ? "missing" : "ready"
    })
  }

  tick(): void {
    this.now = Math.floor(Date.now() / 1000)
  }

  /** Ticks the countdown every second while the page shows it; gives back the stop. */
  watchClock(): () => void {
    this.#stopClock()
    this.tick()
    this.#clock = setInterval(this.tick, 1000)
    return this.#stopClock
  }

  /** Opens the picker over my library; a visitor gets "login". */
  openPicker(): "login" | "open" {
    if (!this.#session.hasUser) return "login"
    this.pickerOpen = true
    this.picked = null
    if (this.note === "") this.note = this.assignment === null ? "" : `交作业：${this.assignment.title}`
    void this.library.refresh()
    return "open"
  }

  closePicker(): void {
    this.pickerOpen = false
  }

  pick(work: PickableWork): void {
    this.picked = work
  }

  setNote(note: string): void {
    this.note = note
  }

  /** Hands in the picked work with the note; on success it heads the submissions grid. */
  async submit(): Promise<boolean> {
    const assignment = this.assignment
    const work = this.picked
    if (assignment === null || work === null || this.submitting) return false
    this.submitting = true
    const result = await this.#runner.attempt(this.#calls.submit(assignment.id, this.note, work))
    runInAction(() => {
      this.submitting = false
      if (!result.ok || this.assignment?.id !== assignment.id) return
      this.assignment = { ...this.assignment, is_submitted: true, submission_count: this.assignment.submission_count + 1 }
      this.pickerOpen = false
      this.picked = null
      this.note = ""
    })
    if (!result.ok) return false
    this.#toasts.success("作业已提交")
    void this.submissions.refresh()
    return true
  }

  #stopClock(): void {
    if (this.#clock !== undefined) clearInterval(this.#clock)
    this.#clock = undefined
  }

  /** A logout: is_submitted and the picker were the account's. */
  reset(): void {
    this.#latest.cancel()
    this.id = 0
    this.assignment = null
    this.status = "idle"
    this.pickerOpen = false
    this.picked = null
    this.note = ""
    this.submitting = false
    this.submissions.reset()
    this.library.reset()
  }

  dispose(): void {
    this.#stopClock()
  }
}
