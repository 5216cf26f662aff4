import { makeAutoObservable, runInAction } from "mobx"
import type { Store } from "./Store.js"

/** The page-wide loading indicator (spec §2 overlays): shown while any task counted here runs. */
export class LoadingStore implements Store {
  count = 0

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  get isLoading(): boolean {
    return this.count > 0
  }

  /** Counts one more task in progress; call the returned function (once is enough) when it ends. */
  begin(): () => void {
    this.count += 1
    let ended = false
    return () => {
      if (ended) return
      ended = true
      runInAction(() => {
        this.count = Math.max(0, this.count - 1)
      })
    }
  }

  /** Shows the loading indicator while `task` runs. */
  async during<A>(task: () => Promise<A>): Promise<A> {
    const end = this.begin()
    try {
      return await task()
    } finally {
      end()
    }
  }

  /** Nothing of the user: the tasks counted end by themselves. */
  reset(): void {}
}
