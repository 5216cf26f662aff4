import { Downloads } from "@mido/core"
import { Effect } from "effect"
import { makeAutoObservable, observable } from "mobx"
import type { ServiceRunner } from "./ServiceRunner.js"

/** Where the menu was asked for (the pointer, in window coordinates) and what was under it. */
export interface ContextMenuRequest {
  readonly x: number
  readonly y: number
  /** The address of the image under the pointer; absent elsewhere. */
  readonly imageUrl?: string
}

/** The open menu: over an image it offers the download, elsewhere only a disabled entry (spec §2). */
export interface OpenContextMenu {
  readonly x: number
  readonly y: number
  readonly imageUrl: string | undefined
}

/**
 * The app's own context menu (spec §2), which replaces the browser's on right-click. The app says
 * where and over what it was opened; the menu closes on a left click, Escape or scroll (the app
 * reports those as `close()`), and its download goes through the core's Downloads and FileSaver
 * (spec §7; a failure is only logged, spec §8).
 */
export class ContextMenuStore {
  menu: OpenContextMenu | null = null

  readonly #runner: ServiceRunner

  constructor(runner: ServiceRunner) {
    this.#runner = runner
    makeAutoObservable(this, { menu: observable.ref }, { autoBind: true })
  }

  get isOpen(): boolean {
    return this.menu !== null
  }

  get overImage(): boolean {
    return this.menu?.imageUrl !== undefined
  }

  /** Opens the menu at the pointer; a second right-click moves it. */
  open(request: ContextMenuRequest): void {
    const imageUrl = request.imageUrl?.trim() ? request.imageUrl.trim() : undefined
    this.menu = { x: request.x, y: request.y, imageUrl }
  }

  close(): void {
    this.menu = null
  }

  /** 下载图片: closes the menu and saves the image; true when it was saved. */
  async downloadImage(): Promise<boolean> {
    const url = this.menu?.imageUrl
    this.close()
    if (url === undefined) return false
    const result = await this.#runner.attempt(Effect.flatMap(Downloads, (downloads) => downloads.downloadImage(url)))
    return result.ok && result.value
  }
}
