import {
  type ArtworkGroup,
  type ArtworkTypeTab,
  Downloads,
  Library,
  type LibraryArtwork,
  type LibraryFilter,
  type LibraryType,
  People,
  Uploads,
  type UploadFile,
  type ZipReport
} from "@mido/core"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ConfirmStore } from "../ConfirmStore.js"
import { numberedPage } from "../paging/Page.js"
import { PagedList } from "../paging/PagedList.js"
import { pagesFromCore } from "../paging/pagesFromCore.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { SessionStore } from "../SessionStore.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"
import { NO_SELECTION, nextSelection, type Selection, type SelectionAction } from "./selection.js"
import { uploadAll, type UploadProgress } from "./uploadAll.js"

/** Most images one pick of the upload button may hold (spec §5: 最多上传 {n} 张图片). */
export const MAX_UPLOAD_FILES = 10

/** How far a batch download is (images fetched of all). */
export interface DownloadProgress {
  readonly done: number
  readonly total: number
}

/** The text of a batch download's outcome: failures are named (image_3), never silently skipped. */
export const downloadSummary = (report: ZipReport, asked: number): { readonly kind: "success" | "warning" | "error"; readonly text: string } => {
  const names = report.failed.map((failure) => `image_${failure.n}`).join("、")
  if (report.saved === 0) return { kind: "error", text: asked === 0 ? "请先选择作品" : `下载失败：${names} 均未能下载` }
  if (report.failed.length === 0) return { kind: "success", text: `已打包 ${report.saved} 张图片：image_zip.zip` }
  return { kind: "warning", text: `已打包 ${report.saved} 张图片，${names} 下载失败，未放入压缩包` }
}

/**
 * The asset library (/property): the viewer's own works as a PagedList of 30 whose params are the
 * filter (type tab, China days, search words; any change starts over and clears the selection), the
 * type tabs with counts, the multi-select (selection.ts) and the batch actions on it: a zip through
 * the core's Downloads, delete after the confirm dialog, add to a group, and uploads (checked by the
 * core's Uploads rules, posted to storage, then recorded in the library).
 */
const GROUPS_SHOWN = 100

export class PropertyStore implements Store {
  readonly list: PagedList<LibraryArtwork, number, LibraryFilter>
  types: ReadonlyArray<ArtworkTypeTab> = []
  selection: Selection = NO_SELECTION
  download: DownloadProgress | null = null
  deleting = false
  groups: ReadonlyArray<ArtworkGroup> | null = null
  upload: UploadProgress | null = null

  readonly #runner: ServiceRunner
  readonly #toasts: ToastStore
  readonly #confirm: ConfirmStore
  readonly #session: SessionStore

  constructor(runner: ServiceRunner, toasts: ToastStore, confirm: ConfirmStore, session: SessionStore) {
    this.#runner = runner
    this.#toasts = toasts
    this.#confirm = confirm
    this.#session = session
    this.list = new PagedList<LibraryArtwork, number, LibraryFilter>({
      params: {},
      keyOf: (item) => item.id,
      fetchPage: pagesFromCore(runner, ({ cursor = 1, params }) =>
        Effect.map(Effect.flatMap(Library, (library) => library.page(params, cursor)), (answer) => numberedPage(cursor, answer)))
    })
    makeAutoObservable(
      this,
      { list: false, types: observable.ref, selection: observable.ref, download: observable.ref, groups: observable.ref, upload: observable.ref },
      { autoBind: true }
    )
  }

  get filter(): LibraryFilter {
    return this.list.params
  }

  /** The selection among the works shown: one that left the list (deleted, filtered out) is not counted. */
  get shownSelection(): Selection {
    return nextSelection(this.selection, { kind: "keepShown" }, this.list.items.map((item) => item.id))
  }

  get selectedIds(): ReadonlyArray<number> {
    return this.shownSelection.ids
  }

  get selectedCount(): number {
    return this.selectedIds.length
  }

  isSelected(id: number): boolean {
    return this.selectedIds.includes(id)
  }

  /** Every loaded work is selected (全选 then reads 取消全选). */
  get allLoadedSelected(): boolean {
    const items = this.list.items
    return items.length > 0 && items.every((item) => this.selectedIds.includes(item.id))
  }

  /** Any filter set: the empty state then says no work matches, not that there are none. */
  get filtered(): boolean {
    const { type, from, to, q } = this.filter
    return type !== undefined || Boolean(from) || Boolean(to) || Boolean(q?.trim())
  }

  /** The type tabs with counts; loaded with the page and after every change of the library. */
  async loadTypes(): Promise<void> {
    const result = await this.#runner.attempt(Effect.flatMap(Library, (library) => library.types))
    if (result.ok) runInAction(() => (this.types = result.value))
  }

  setType(type: LibraryType | undefined): Promise<void> {
    return this.#filterBy({ ...this.filter, type })
  }

  setDays(from: string, to: string): Promise<void> {
    return this.#filterBy({ ...this.filter, from: from || undefined, to: to || undefined })
  }

  /** The search box's words (on Enter or after typing stops); blank is no search. */
  search(words: string): Promise<void> {
    const q = words.trim() || undefined
    if (q === this.filter.q) return Promise.resolve()
    return this.#filterBy({ ...this.filter, q })
  }

  clearFilters(): Promise<void> {
    return this.#filterBy({})
  }

  /** A work's click: toggles it; with shift, selects the range from the last plain click. */
  click(id: number, shift: boolean): void {
    this.#select({ kind: "click", id, shift })
  }

  /** 全选: every loaded work; again when all are selected: none. */
  selectAllLoaded(): void {
    this.#select({ kind: "selectAll" })
  }

  clearSelection(): void {
    this.#select({ kind: "clear" })
  }

  /** The selected works zipped as image_zip.zip (image_{n} in the order shown); the outcome names failures. */
  async downloadSelected(): Promise<ZipReport | undefined> {
    if (this.download !== null) return undefined
    const urls = this.#selectedItems().map((item) => item.cover)
    if (urls.length === 0) return undefined
    this.download = { done: 0, total: urls.length }
    const onProgress = (done: number, total: number) => runInAction(() => (this.download = { done, total }))
    const result = await this.#runner.attempt(Effect.flatMap(Downloads, (downloads) => downloads.downloadZipReport(urls, onProgress)))
    runInAction(() => (this.download = null))
    if (!result.ok) return undefined
    const summary = downloadSummary(result.value, urls.length)
    this.#toasts[summary.kind](summary.text, summary.kind === "success" ? undefined : 6000)
    return result.value
  }

  /** Deletes the selected works for good after the confirm dialog; the list and the tabs reload. */
  async deleteSelected(): Promise<number> {
    const ids = [...this.selectedIds]
    if (ids.length === 0 || this.deleting) return 0
    const confirmed = await this.#confirm.ask({
      title: "删除作品",
      message: `确定删除选中的 ${ids.length} 个作品吗？删除后无法恢复。`,
      confirmText: "删除"
    })
    if (!confirmed) return 0
    this.deleting = true
    const result = await this.#runner.attempt(Effect.flatMap(Library, (library) => library.remove(ids)))
    runInAction(() => (this.deleting = false))
    if (!result.ok) return 0
    this.#toasts.success(`已删除 ${result.value} 个作品`)
    this.clearSelection()
    await Promise.all([this.list.refresh(), this.loadTypes()])
    return result.value
  }

  /** The viewer's groups for 加入作品集 (made in the personal center), the newest GROUPS_SHOWN. */
  async loadGroups(): Promise<void> {
    const uid = this.#session.user?.uid
    if (uid === undefined) return
    const result = await this.#runner.attempt(Effect.map(Effect.flatMap(People, (people) => people.groups(uid, 1, GROUPS_SHOWN)), (page) => page.list))
    if (result.ok) runInAction(() => (this.groups = result.value))
  }

  /** Adds the selected works to a group; they stay in the library. */
  async addSelectedToGroup(group: ArtworkGroup): Promise<boolean> {
    const ids = [...this.selectedIds]
    if (ids.length === 0) return false
    // the server appends in one transaction (add_artworks_to_group), so two tabs adding at once both count
    const result = await this.#runner.attempt(Effect.flatMap(People, (people) => people.addToGroup(group.id, ids)))
    if (!result.ok) return false
    const { added, artwork_count } = result.value
    this.#toasts.success(added === ids.length ? `已将 ${ids.length} 个作品加入作品集「${group.name}」` : `已加入 ${added} 个作品，其余已在作品集「${group.name}」中`)
    runInAction(() => (this.groups = (this.groups ?? []).map((each) => (each.id === group.id ? { ...each, artwork_count } : each))))
    return true
  }

  /**
   * Uploads picked images: the core's rules first (type, 15 MB, at most 10: the first problem is an
   * error toast and nothing is sent), then each to storage and into the library; the list reloads.
   */
  async uploadFiles(files: ReadonlyArray<UploadFile>): Promise<number> {
    if (this.upload !== null || files.length === 0) return 0
    const check = await this.#runner.attempt(Effect.map(Uploads, (uploads) => uploads.validate(files, { maxCount: MAX_UPLOAD_FILES })))
    if (!check.ok) return 0
    if (!check.value.ok) {
      this.#toasts.error(check.value.message)
      return 0
    }
    const saved = await uploadAll(this.#runner, files, (progress) => runInAction(() => (this.upload = progress)))
    runInAction(() => (this.upload = null))
    if (saved > 0) {
      this.#toasts.success(`已上传 ${saved} 张图片`)
      await Promise.all([this.list.refresh(), this.loadTypes()])
    }
    return saved
  }

  reset(): void {
    this.list.reset()
    this.types = []
    this.selection = NO_SELECTION
    this.download = null
    this.deleting = false
    this.groups = null
    this.upload = null
  }

  /** In the order shown, so image_1 is the first selected work on screen. */
  #selectedItems(): ReadonlyArray<LibraryArtwork> {
    const selected = new Set(this.selectedIds)
    return this.list.items.filter((item) => selected.has(item.id))
  }

  #filterBy(filter: LibraryFilter): Promise<void> {
    this.selection = NO_SELECTION
    return this.list.setParams(filter)
  }

  #select(action: SelectionAction): void {
    this.selection = nextSelection(this.shownSelection, action, this.list.items.map((item) => item.id))
  }
}
