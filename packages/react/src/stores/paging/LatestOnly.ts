/** A request started by `LatestOnly.begin()`; `current` turns false once a newer one begins or all are cancelled. */
export interface RequestToken {
  readonly current: boolean
}

/**
 * "The latest answer wins": every request takes a token, and an answer is written only while its
 * token is current. Starting a request or cancelling makes every earlier token stale, so an answer
 * that arrives late (after a refresh, a filter change, a close or a logout) is dropped, whatever
 * order the network delivers them in.
 */
export class LatestOnly {
  #generation = 0

  /** Starts a request: the tokens handed out before this one are stale from now on. */
  begin(): RequestToken {
    const mine = ++this.#generation
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the token reads its owner's generation later
    const owner = this
    return {
      get current() {
        return owner.#generation === mine
      }
    }
  }

  /** Makes every token handed out so far stale (closing, resetting, disposing). */
  cancel(): void {
    this.#generation += 1
  }
}
