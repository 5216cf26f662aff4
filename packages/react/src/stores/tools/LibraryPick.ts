import { Library, type LibraryArtwork } from "@mido/core"
import { Effect } from "effect"
import { makeAutoObservable } from "mobx"
import { numberedPage } from "../paging/Page.js"
import { PagedList } from "../paging/PagedList.js"
import { pagesFromCore } from "../paging/pagesFromCore.js"
import type { ServiceRunner } from "../ServiceRunner.js"

/** 从资产库选择: the viewer's works a page at a time while the picker is open; a pick hands the work's picture on. */
export class LibraryPick {
  open = false
  readonly list: PagedList<LibraryArtwork, number, Record<string, never>>
  readonly #onPick: (url: string) => void

  constructor(runner: ServiceRunner, onPick: (url: string) => void) {
    this.#onPick = onPick
    this.list = new PagedList<LibraryArtwork, number, Record<string, never>>({
      params: {},
      keyOf: (work) => work.id,
      fetchPage: pagesFromCore(runner, ({ cursor = 1 }) =>
        Effect.map(Effect.flatMap(Library, (library) => library.page({}, cursor, 24)), (answer) => numberedPage(cursor, answer)))
    })
    makeAutoObservable(this, { list: false }, { autoBind: true })
  }

  show(): void {
    this.open = true
  }

  close(): void {
    this.open = false
  }

  pick(work: LibraryArtwork): void {
    this.#onPick(work.cover)
    this.open = false
  }

  reset(): void {
    this.open = false
    this.list.reset()
  }
}
