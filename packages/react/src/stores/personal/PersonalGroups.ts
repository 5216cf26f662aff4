import { type ArtworkCard, type ArtworkGroup, People } from "@mido/core"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ConfirmStore } from "../ConfirmStore.js"
import { numberedPage } from "../paging/Page.js"
import { PagedList } from "../paging/PagedList.js"
import { pagesFromCore } from "../paging/pagesFromCore.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { ToastStore } from "../ToastStore.js"

const PAGE_SIZE = 20

/**
 * The 作品集 tab: a user's groups (the owner's private ones too), one group opened with its works,
 * and the owner's writes: create, rename, delete (after a confirm), 移入作品集. After a write the
 * groups list starts over from the server, so names, counts and covers are the server's (R12).
 */
export class PersonalGroups {
  /** The group whose works are shown, or null for the grid of groups. */
  opened: ArtworkGroup | null = null
  saving = false

  readonly list: PagedList<ArtworkGroup, number, { readonly uid: number }>
  readonly works: PagedList<ArtworkCard, number, { readonly groupId: number }>

  readonly #runner: ServiceRunner
  readonly #toasts: ToastStore
  readonly #confirm: ConfirmStore
  readonly #owner: () => number

  constructor(runner: ServiceRunner, toasts: ToastStore, confirm: ConfirmStore, owner: () => number) {
    this.#runner = runner
    this.#toasts = toasts
    this.#confirm = confirm
    this.#owner = owner
    this.list = new PagedList({
      params: { uid: 0 },
      keyOf: (group) => group.id,
      // uid 0: no page opened yet (a picker mounted early); nothing is asked
      fetchPage: pagesFromCore(runner, ({ cursor = 1, params }) =>
        params.uid === 0
          ? Effect.succeed(numberedPage<ArtworkGroup>(cursor, { list: [], total: 0 }))
          : Effect.map(Effect.flatMap(People, (people) => people.groups(params.uid, cursor, PAGE_SIZE)), (answer) => numberedPage(cursor, answer)))
    })
    this.works = new PagedList({
      params: { groupId: 0 },
      keyOf: (work) => work.id,
      fetchPage: pagesFromCore(runner, ({ cursor = 1, params }) =>
        params.groupId === 0
          ? Effect.succeed(numberedPage<ArtworkCard>(cursor, { list: [], total: 0 }))
          : Effect.map(Effect.flatMap(People, (people) => people.groupWorks(params.groupId, cursor, PAGE_SIZE)), (answer) => numberedPage(cursor, answer)))
    })
    makeAutoObservable(this, { opened: observable.ref, list: false, works: false }, { autoBind: true })
  }

  /** Shows `uid`'s groups (kept when they are already shown). */
  open(uid: number): Promise<void> {
    if (this.list.params.uid === uid && this.list.status !== "idle") return Promise.resolve()
    this.opened = null
    return this.list.setParams({ uid })
  }

  openGroup(group: ArtworkGroup): Promise<void> {
    this.opened = group
    return this.works.setParams({ groupId: group.id })
  }

  closeGroup(): void {
    this.opened = null
    this.works.reset()
  }

  /** 新建作品集; the name is checked (1–20 characters) before anything is sent. */
  async create(name: string): Promise<boolean> {
    const created = await this.#write(Effect.flatMap(People, (people) => people.createGroup(name)))
    if (created) this.#toasts.success("作品集已创建")
    return created
  }

  async rename(group: ArtworkGroup, name: string): Promise<boolean> {
    const renamed = await this.#write(Effect.flatMap(People, (people) => people.renameGroup(group.id, name)))
    if (renamed) {
      runInAction(() => {
        if (this.opened?.id === group.id) this.opened = { ...this.opened, name: name.trim() }
      })
      this.#toasts.success("已重命名")
    }
    return renamed
  }

  /** Deletes after the confirm dialog says yes; the group's works are kept. */
  async remove(group: ArtworkGroup): Promise<boolean> {
    const confirmed = await this.#confirm.ask({
      title: "删除作品集",
      message: `确定删除作品集「${group.name}」吗？其中的作品不会被删除。`,
      confirmText: "删除",
      cancelText: "取消"
    })
    if (!confirmed) return false
    const removed = await this.#write(Effect.flatMap(People, (people) => people.deleteGroup(group.id)))
    if (removed) {
      runInAction(() => {
        if (this.opened?.id === group.id) this.closeGroup()
      })
      this.#toasts.success("作品集已删除")
    }
    return removed
  }

  /** 移入作品集: own works appended to `group`. */
  async addWorks(group: ArtworkGroup, artworkIds: ReadonlyArray<number>): Promise<boolean> {
    const added = await this.#write(Effect.flatMap(People, (people) => people.addToGroup(group.id, artworkIds)))
    if (added) this.#toasts.success(`已移入「${group.name}」`)
    return added
  }

  /** Every group of the viewer for the 移入作品集 picker (first page is enough for the picker's list). */
  get choices(): ReadonlyArray<ArtworkGroup> {
    return this.list.items
  }

  /** Loads the owner's groups for the picker when the tab has not been opened yet. */
  ensureChoices(): Promise<void> {
    return this.open(this.#owner())
  }

  async #write(effect: Effect.Effect<unknown, unknown, never> | Effect.Effect<unknown, unknown, People>): Promise<boolean> {
    if (this.saving) return false
    this.saving = true
    const answer = await this.#runner.attempt(effect)
    runInAction(() => (this.saving = false))
    if (!answer.ok) return false
    const uid = this.#owner()
    await (this.list.params.uid === uid ? this.list.refresh() : this.list.setParams({ uid }))
    return true
  }

  reset(): void {
    this.opened = null
    this.saving = false
    this.list.reset()
    this.works.reset()
  }
}
