import type { ArtworkCard, ArtworkGroup, UserBrief } from "@mido/core"
import type { CirclesShape } from "@mido/core/circle"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { numberedPage } from "../paging/Page.js"
import { PagedList } from "../paging/PagedList.js"
import { pagesFromCore } from "../paging/pagesFromCore.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { Store } from "../Store.js"

export const GROUP_PAGE_SIZE = 24

interface GroupParams {
  readonly id: number
}

/**
 * /community/group-detail?id=: an artwork group (作品集) — cover, name, description, owner — and its
 * works, paged. Every page of artwork.groupDetail carries the group, so the header comes with the
 * first page; a private group of someone else, or none, is "missing".
 */
export class GroupStore implements Store {
  id = 0
  group: ArtworkGroup | null = null
  owner: UserBrief | null = null
  readonly works: PagedList<ArtworkCard, number, GroupParams>

  constructor(runner: ServiceRunner, calls: CirclesShape) {
    this.works = new PagedList<ArtworkCard, number, GroupParams>({
      params: { id: 0 },
      keyOf: (work) => work.id,
      fetchPage: pagesFromCore(runner, ({ cursor = 1, params }) =>
        params.id === 0
          ? Effect.succeed(numberedPage<ArtworkCard>(cursor, { list: [], total: 0 }))
          : Effect.map(calls.group(params.id, cursor, GROUP_PAGE_SIZE), (answer) => {
            if (params.id === this.id) runInAction(() => {
              this.group = answer.group
              this.owner = answer.owner
            })
            return numberedPage(cursor, answer)
          }))
    })
    makeAutoObservable(this, { group: observable.ref, owner: observable.ref, works: false }, { autoBind: true })
  }

  /** The first page failed with nothing shown: the group is not there (or not the viewer's to see). */
  get missing(): boolean {
    return this.group === null && this.works.status === "error"
  }

  /** Opens the group `id`; the same one again asks its first page again. */
  open(id: number): void {
    if (id === this.id) {
      // the same group again (another viewer after a login): its first page again, over what is shown
      void (this.works.pagesLoaded > 0 ? this.works.refresh() : this.works.start())
      return
    }
    this.id = id
    this.group = null
    this.owner = null
    void this.works.setParams({ id })
  }

  /** A logout: a private group was the owner's to see; it is asked again as a visitor. */
  reset(): void {
    this.id = 0
    this.group = null
    this.owner = null
    this.works.reset()
  }
}
