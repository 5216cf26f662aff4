import { Downloads, placeContextMenu } from "@mido/core"
import { Effect } from "effect"
import { makeAutoObservable, observable } from "mobx"
import type { ServiceRunner } from "./ServiceRunner.js"
import type { Store } from "./Store.js"

interface Size {
  readonly width: number
  readonly height: number
}

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
export class ContextMenuStore implements Store {
  menu: OpenContextMenu | null = null

  readonly #runner: ServiceRunner

  constructor(runner: ServiceRunner) {
    this.#runner = runner
    makeAutoObservable(this, { menu: observable.ref, positionFor: false }, { autoBind: true })
  }

  get isOpen(): boolean {
    return this.menu !== null
  }

  get overImage(): boolean {
    return this.menu?.imageUrl !== undefined
  }

  /**
   * Where the menu's top-left corner goes for a right-click at `pointer`, once the panel is measured:
   * the core's rule (LY3: 10 px from the pointer, flipped at an edge, 8 px inside the window).
   */
  positionFor(pointer: { readonly x: number; readonly y: number }, menu: Size, viewport: Size): { readonly x: number; readonly y: number } {
    const { left, top } = placeContextMenu(pointer, menu, viewport)
    return { x: left, y: top }
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

  /** The menu is about the element under the pointer, not the user. */
  reset(): void {}

  dispose(): void {
    this.close()
  }
}
