import {
  contentMarginPx,
  type CoreServices,
  makePersistedValue,
  type PersistedValue,
  SIDEBAR_COLLAPSE_AT_PX,
  SIDEBAR_WIDTH_PX,
  type SidebarMode,
  sidebarMode,
  StorageKeys,
  Stored,
  type Unsubscribe
} from "@mido/core"
import { Effect, Option } from "effect"
import { makeAutoObservable, runInAction } from "mobx"
import type { ServiceRunner } from "./ServiceRunner.js"
import type { Store } from "./Store.js"
import type { Viewport } from "./StoreHost.js"

/** The width assumed until a viewport reports one (tests, server rendering): a wide desktop. */
export const DEFAULT_WINDOW_WIDTH = 1920

/** The sidebar store as persisted (spec §3): only the expanded flag. */
export const StoredSidebar = Stored.struct({ expanded: Stored.flag })

/**
 * The main layout's sidebar (spec §2, LY1–LY2). Above 1440 px the persisted expanded flag decides;
 * at 1440 px or less the core's sidebarMode collapses it whatever the flag says, and the toggle opens
 * it over the page instead (`overlayOpen`, not persisted), as the drawer does on narrow screens.
 */
export class SidebarStore implements Store {
  expanded = true
  windowWidth = DEFAULT_WINDOW_WIDTH
  overlayOpen = false

  readonly width = SIDEBAR_WIDTH_PX
  readonly #runner: ServiceRunner
  readonly #viewport: Viewport | undefined
  #persisted: PersistedValue<{ readonly expanded: boolean }> | null = null

  constructor(runner: ServiceRunner, viewport?: Viewport) {
    this.#runner = runner
    this.#viewport = viewport
    makeAutoObservable(this, { start: false }, { autoBind: true })
  }

  get mode(): SidebarMode {
    return sidebarMode(this.windowWidth, this.expanded)
  }

  /** LY2: 258 px beside the expanded sidebar, 18 px otherwise. */
  get contentMargin(): number {
    return contentMarginPx(this.mode)
  }

  /** At 1440 px or less the flag is not what decides (LY1). */
  get collapsedByWidth(): boolean {
    return this.windowWidth <= SIDEBAR_COLLAPSE_AT_PX
  }

  setWindowWidth(width: number): void {
    this.windowWidth = width
    if (!this.collapsedByWidth) this.overlayOpen = false
  }

  /** The toggle button: flips the persisted flag on wide windows, the overlay otherwise. */
  toggle(): void {
    if (this.collapsedByWidth) this.overlayOpen = !this.overlayOpen
    else this.setExpanded(!this.expanded)
  }

  setExpanded(expanded: boolean): void {
    this.expanded = expanded
    const persisted = this.#persisted
    if (persisted !== null) void this.#runner.exit(persisted.set({ expanded }))
  }

  /** Closes the overlay (a link was followed, the backdrop was clicked). */
  closeOverlay(): void {
    this.overlayOpen = false
  }

  /** Reads the persisted flag and follows the window's width. */
  start(): Effect.Effect<Unsubscribe, never, CoreServices> {
    return Effect.gen(this, function* () {
      const persisted = yield* makePersistedValue(StorageKeys.sidebar, StoredSidebar)
      const stored = yield* persisted.get
      const viewport = this.#viewport
      runInAction(() => {
        this.#persisted = persisted
        if (Option.isSome(stored)) this.expanded = stored.value.expanded
        if (viewport !== undefined) this.setWindowWidth(viewport.width())
      })
      return viewport === undefined ? () => undefined : viewport.subscribe((width) => this.setWindowWidth(width))
    })
  }

  /** The sidebar's state is the device's, not the user's. */
  reset(): void {}
}
