import { type FollowUser, People } from "@mido/core"
import { completeMention, type MentionInProgress, mentionAtCaret, suggestMentions } from "@mido/core/account"
import { Effect, Exit } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { SessionStore } from "../SessionStore.js"

/** How many of the people one follows are fetched to offer (the most recently followed first). */
export const MENTION_CANDIDATES = 50
/** How many are offered at once. */
export const MENTION_SHOWN = 8

/** The text box's text and caret after a pick: the box applies both. */
export interface MentionEdit {
  readonly text: string
  readonly caret: number
}

/**
 * The @ list of a text box (MN2–MN4): while an @ is being typed it offers the people the viewer follows
 * whose nicknames contain what follows the @, the highlighted one moved with ↑ / ↓ and picked with
 * Enter, Tab or a click; Esc closes it until the next @. The follow list is fetched once per viewer,
 * on the first @; if it cannot be fetched the box simply offers nobody (typing @昵称 still works).
 */
export class MentionPicker {
  mention: MentionInProgress | null = null
  candidates: ReadonlyArray<FollowUser> | null = null
  highlighted = 0
  /** Esc closed the list for the @ at this index; a new @ opens it again (observable: the list reads it). */
  private dismissedAt: number | null = null
  #loadedFor: number | undefined = undefined
  #loading = false
  /** Moves on each reset: an answer asked for before it is dropped (another viewer's list never lands). */
  #generation = 0

  readonly #runner: ServiceRunner
  readonly #session: SessionStore

  constructor(runner: ServiceRunner, session: SessionStore) {
    this.#runner = runner
    this.#session = session
    makeAutoObservable(this, { candidates: observable.ref, mention: observable.ref }, { autoBind: true })
  }

  /** Whom the list offers now (empty while closed). */
  get suggestions(): ReadonlyArray<FollowUser> {
    if (this.mention === null || this.candidates === null || this.mention.start === this.dismissedAt) return []
    return suggestMentions(this.candidates, this.mention.query, MENTION_SHOWN)
  }

  get isOpen(): boolean {
    return this.suggestions.length > 0
  }

  /** The box's text or caret moved: is an @ being typed there? */
  track(text: string, caret: number): void {
    const mention = mentionAtCaret(text, caret) ?? null
    if (mention?.start !== this.mention?.start || mention?.query !== this.mention?.query) this.highlighted = 0
    if (mention === null || mention.start !== this.dismissedAt) this.dismissedAt = null
    this.mention = mention
    if (mention !== null) void this.#loadCandidates()
  }

  move(step: 1 | -1): void {
    const count = this.suggestions.length
    if (count > 0) this.highlighted = (this.highlighted + step + count) % count
  }

  /** The text with the chosen person's @nickname in place of the @ being typed, or undefined when closed. */
  pick(text: string, caret: number, index = this.highlighted): MentionEdit | undefined {
    const person = this.suggestions[index]
    if (this.mention === null || person === undefined) return undefined
    const edit = completeMention(text, this.mention, caret, person.nickname)
    this.mention = null
    return edit
  }

  /** A logout or another viewer: the next @ fetches their follow list. */
  reset(): void {
    this.mention = null
    this.candidates = null
    this.dismissedAt = null
    this.#loadedFor = undefined
    this.#loading = false
    this.#generation += 1
  }

  dismiss(): void {
    if (this.mention !== null) this.dismissedAt = this.mention.start
  }

  async #loadCandidates(): Promise<void> {
    const viewer = this.#session.user?.uid
    if (viewer === undefined || this.#loading || viewer === this.#loadedFor) return
    this.#loading = true
    const generation = this.#generation
    const exit = await this.#runner.exit(Effect.flatMap(People, (people) => people.follows(viewer, "followee", 1, MENTION_CANDIDATES)))
    // a reset since (a logout, a box mounting) has made its own state: this answer is dropped
    if (generation !== this.#generation) return
    runInAction(() => {
      this.#loading = false
      if (this.#session.user?.uid !== viewer) return
      this.#loadedFor = viewer
      this.candidates = Exit.isSuccess(exit) ? exit.value.list : []
    })
  }
}
