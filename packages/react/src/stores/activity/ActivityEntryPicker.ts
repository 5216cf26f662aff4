import { type ActivityWork, ApiError, type LibraryArtwork, People } from "@mido/core"
import { type ActivitiesShape, entryBlocker } from "@mido/core/activity"
import { Cause, Effect, Exit, Option } from "effect"
import { makeAutoObservable, runInAction } from "mobx"
import { errorText, GENERIC_ERROR_TEXT } from "../errorPolicy.js"
import { numberedPage } from "../paging/Page.js"
import { PagedList } from "../paging/PagedList.js"
import { pagesFromCore } from "../paging/pagesFromCore.js"
import type { ServiceRunner } from "../ServiceRunner.js"

export const PICKER_PAGE_SIZE = 24

/**
 * 提交作品's dialog: the viewer's library works (AC5: only public, approved ones can be chosen; the
 * others say why), one chosen, an optional 创作说明, and the hand-in. A refusal of the server
 * (每个活动只能提交一件作品, 活动已结束…) stays in the dialog as the server's words.
 */
export class ActivityEntryPicker {
  open = false
  chosen: number | null = null
  description = ""
  submitting = false
  /** The server's (or the schema's) words for a refused hand-in, shown in the dialog. */
  refusal = ""
  readonly works: PagedList<LibraryArtwork, number, { readonly open: boolean }>

  readonly #runner: ServiceRunner
  readonly #activities: ActivitiesShape

  constructor(runner: ServiceRunner, activities: ActivitiesShape) {
    this.#runner = runner
    this.#activities = activities
    this.works = new PagedList<LibraryArtwork, number, { readonly open: boolean }>({
      params: { open: false },
      keyOf: (work) => work.id,
      fetchPage: pagesFromCore(runner, ({ cursor = 1, params }) =>
        params.open
          ? Effect.map(Effect.flatMap(People, (people) => people.ownWorks(cursor, PICKER_PAGE_SIZE)), (answer) => numberedPage(cursor, answer))
          : Effect.succeed(numberedPage<LibraryArtwork>(cursor, { list: [], total: 0 })))
    })
    makeAutoObservable(this, { blockerOf: false }, { autoBind: true })
  }

  /** AC5: why a work cannot be handed in, or null. */
  blockerOf(work: LibraryArtwork): string | null {
    return entryBlocker(work)
  }

  show(): void {
    this.open = true
    this.chosen = null
    this.description = ""
    this.refusal = ""
    void this.works.setParams({ open: true })
  }

  hide(): void {
    this.open = false
    this.refusal = ""
  }

  choose(work: LibraryArtwork): void {
    if (entryBlocker(work) !== null) return
    this.chosen = work.id
    this.refusal = ""
  }

  setDescription(text: string): void {
    this.description = text
  }

  get canSubmit(): boolean {
    return this.chosen !== null && !this.submitting
  }

  /** Hands the chosen work in; answers the entry the server made, or null (the refusal is shown). */
  async submit(activityId: number): Promise<ActivityWork | null> {
    const artworkId = this.chosen
    if (artworkId === null || this.submitting) return null
    this.submitting = true
    this.refusal = ""
    const exit = await this.#runner.exit(this.#activities.submit(activityId, artworkId, this.description))
    return runInAction(() => {
      this.submitting = false
      if (Exit.isSuccess(exit)) {
        this.open = false
        return exit.value
      }
      const failure = Option.getOrUndefined(Cause.failureOption(exit.cause))
      this.refusal = failure instanceof ApiError ? failure.msg : (errorText(failure) ?? GENERIC_ERROR_TEXT)
      return null
    })
  }

  reset(): void {
    this.hide()
    this.chosen = null
    this.description = ""
    this.works.reset()
  }
}
