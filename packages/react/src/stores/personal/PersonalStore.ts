import { type ArtworkCard, type FollowListType, formatCount, type FollowUser, type LibraryArtwork, People, type Profile } from "@mido/core"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { CollectChannel } from "../CollectChannel.js"
import type { ConfirmStore } from "../ConfirmStore.js"
import { LatestOnly } from "../paging/LatestOnly.js"
import { numberedPage } from "../paging/Page.js"
import { PagedList } from "../paging/PagedList.js"
import { pagesFromCore } from "../paging/pagesFromCore.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { SessionStore } from "../SessionStore.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"
import { PersonalGroups } from "./PersonalGroups.js"
import { ProfileEditor } from "./ProfileEditor.js"

/** The tabs of the personal center; another user's page shows only what they let others see. */
export type PersonalTab = "works" | "groups" | "likes" | "collections" | "following" | "followers"

export const PAGE_SIZE = 20

const VIP_NAMES: Readonly<Record<number, string>> = { 1: "体验会员", 2: "月度会员", 3: "年度会员" }

/** Whose lists: 0 until a page is opened (nothing loads for 0). */
export interface OwnerParams {
  readonly uid: number
}

const numbered = <Item>(runner: ServiceRunner, load: (people: typeof People.Service, uid: number, page: number) => Effect.Effect<{ list: ReadonlyArray<Item>; total: number }, unknown>) =>
  pagesFromCore<Item, number, OwnerParams, unknown>(runner, ({ cursor = 1, params }) =>
    params.uid === 0
      ? Effect.succeed(numberedPage<Item>(cursor, { list: [], total: 0 }))
      : Effect.map(Effect.flatMap(People, (people) => load(people, params.uid, cursor)), (answer) => numberedPage(cursor, answer)))

/**
 * The personal center (/personal/{id?}, issue 12): whose page it is (own or another's), the profile
 * head with its counts and follow button, and one PagedList per tab. The owner sees their own works
 * published or not (with publish / unpublish); others see public works only. Follow state changes
 * only on code 0 with data.success (spec §5), so the buttons follow what the server did.
 */
export class PersonalStore implements Store {
  uid = 0
  profile: Profile | null = null
  profileStatus: "idle" | "loading" | "ready" | "missing" = "idle"
  tab: PersonalTab = "works"
  /** Follow states changed here, by uid, over what the lists' pages said. */
  followChanges = new Map<number, boolean>()
  /** Publish states changed here, by artwork id, over what the works pages said. */
  auditChanges = new Map<number, LibraryArtwork["audit_status"]>()
  busy = false

  readonly ownWorks: PagedList<LibraryArtwork, number, OwnerParams>
  readonly publicWorks: PagedList<ArtworkCard, string, OwnerParams>
  readonly likes: PagedList<ArtworkCard, number, OwnerParams>
  readonly collections: PagedList<ArtworkCard, number, OwnerParams>
  readonly following: PagedList<FollowUser, number, OwnerParams>
  readonly followers: PagedList<FollowUser, number, OwnerParams>
  readonly groups: PersonalGroups
  readonly editor: ProfileEditor

  readonly #runner: ServiceRunner
  readonly #session: SessionStore
  readonly #toasts: ToastStore
  readonly #latest = new LatestOnly()
  readonly #stopFollowingCollects: () => void

  constructor(runner: ServiceRunner, session: SessionStore, toasts: ToastStore, confirm: ConfirmStore, collects?: CollectChannel) {
    this.#runner = runner
    this.#session = session
    this.#toasts = toasts
    const start = { uid: 0 }
    const follows = (type: FollowListType) =>
      new PagedList<FollowUser, number, OwnerParams>({ params: start, keyOf: (user) => user.uid, fetchPage: numbered(runner, (people, uid, page) => people.follows(uid, type, page, PAGE_SIZE)) })
    this.ownWorks = new PagedList({ params: start, keyOf: (work) => work.id, fetchPage: numbered(runner, (people, _uid, page) => people.ownWorks(page, PAGE_SIZE)) })
    this.publicWorks = new PagedList<ArtworkCard, string, OwnerParams>({
      params: start,
      keyOf: (work) => work.id,
      fetchPage: pagesFromCore(runner, ({ cursor, params }) =>
        params.uid === 0
          ? Effect.succeed({ items: [], next: null })
          : Effect.map(Effect.flatMap(People, (people) => people.publicWorks(params.uid, cursor, PAGE_SIZE)), (answer) => ({ items: answer.list, next: answer.next_cursor ?? null })))
    })
    this.likes = new PagedList({ params: start, keyOf: (work) => work.id, fetchPage: numbered(runner, (people, uid, page) => people.likes(uid, page, PAGE_SIZE)) })
    this.collections = new PagedList({
      params: start,
      keyOf: (work) => work.id,
      fetchPage: numbered(runner, (people, uid, page) => people.collections(uid === session.user?.uid ? undefined : uid, page, PAGE_SIZE))
    })
    this.following = follows("followee")
    this.followers = follows("follower")
    this.groups = new PersonalGroups(runner, toasts, confirm, () => this.uid)
    this.editor = new ProfileEditor(runner, toasts, (profile) => this.#edited(profile))
    // 收藏 in the detail dialog (over this page or elsewhere): the viewer's own 收藏 tab loads again
    this.#stopFollowingCollects = collects?.subscribe(() => {
      if (this.isSelf && this.collections.params.uid === this.uid && this.uid !== 0) void this.collections.refresh()
    }) ?? (() => undefined)
    makeAutoObservable<this, "groups" | "editor">(
      this,
      {
        profile: observable.ref,
        followChanges: observable.shallow,
        auditChanges: observable.shallow,
        ownWorks: false,
        publicWorks: false,
        likes: false,
        collections: false,
        following: false,
        followers: false,
        groups: false,
        editor: false
      },
      { autoBind: true }
    )
  }

  /** The viewer's own page: the profile says so, or the viewer's uid is the page's before it arrives. */
  get isSelf(): boolean {
    return this.profile?.is_self ?? (this.uid !== 0 && this.#session.user?.uid === this.uid)
  }

  /** The head's counts in the core's k format (spec §5: above 1000 uses k). */
  get counts(): ReadonlyArray<{ readonly key: string; readonly label: string; readonly value: string }> {
    const stat = this.profile?.stat
    if (stat === undefined) return []
    return [
      { key: "works", label: "作品", value: formatCount(stat.artwork_count) },
      { key: "likes", label: "获赞", value: formatCount(stat.artwork_like_count) },
      { key: "views", label: "浏览", value: formatCount(stat.artwork_view_count) },
      { key: "following", label: "关注", value: formatCount(stat.followee_count) },
      { key: "followers", label: "粉丝", value: formatCount(stat.follower_count) }
    ]
  }

  /** The membership badge's name by level (spec §3 vip_level 1 trial, 2 month, 3 year); empty for none. */
  get vipName(): string {
    const profile = this.profile
    if (profile === null || !profile.is_vip) return ""
    return VIP_NAMES[profile.vip_level] ?? "会员"
  }

  /** The tabs this viewer may open here: a hidden tab of another user is not offered. */
  get tabs(): ReadonlyArray<PersonalTab> {
    const setting = this.profile?.setting
    if (this.isSelf || setting === undefined) return ["works", "groups", "likes", "collections", "following", "followers"]
    return (["works", "groups", "likes", "collections", "following", "followers"] as const).filter((tab) => {
      if (tab === "groups") return setting.show_groups
      if (tab === "likes") return setting.show_likes
      if (tab === "collections") return setting.show_collections
      if (tab === "following" || tab === "followers") return setting.show_follows
      return true
    })
  }

  /**
   * Opens the page of `uid` (the viewer's own when undefined; nothing without a login). The same
   * page again keeps its lists; another page starts every list over.
   */
  async open(uid: number | undefined): Promise<void> {
    const whose = uid ?? this.#session.user?.uid ?? 0
    if (whose === this.uid && this.profileStatus !== "idle") return
    const request = this.#latest.begin()
    this.uid = whose
    this.profile = null
    this.tab = "works"
    this.followChanges.clear()
    this.auditChanges.clear()
    for (const list of this.#lists()) list.reset()
    this.groups.reset()
    if (whose === 0) {
      this.profileStatus = "idle"
      return
    }
    this.profileStatus = "loading"
    const answer = await this.#runner.attempt(Effect.flatMap(People, (people) => people.profile(whose)))
    if (!request.current) return
    runInAction(() => {
      this.profile = answer.ok ? answer.value : null
      this.profileStatus = answer.ok ? "ready" : "missing"
    })
    if (answer.ok) void this.#listOf(this.tab)?.setParams({ uid: whose })
  }

  /** Reloads the head (counts) without touching the lists. */
  async refreshProfile(): Promise<void> {
    if (this.uid === 0) return
    const request = this.#latest.begin()
    const answer = await this.#runner.attempt(Effect.flatMap(People, (people) => people.profile(this.uid)))
    if (request.current && answer.ok) runInAction(() => (this.profile = answer.value))
  }

  selectTab(tab: PersonalTab): void {
    this.tab = tab
    if (tab === "groups") {
      void this.groups.open(this.uid)
      return
    }
    const list = this.#listOf(tab)
    if (list !== undefined && list.params.uid !== this.uid) void list.setParams({ uid: this.uid })
  }

  /** The works list of this page: the owner's library, or another's public works. */
  get worksList(): PagedList<LibraryArtwork, number, OwnerParams> | PagedList<ArtworkCard, string, OwnerParams> {
    return this.isSelf ? this.ownWorks : this.publicWorks
  }

  /** Follow or unfollow the page's user; the head's count moves by one only when the server did it. */
  async toggleFollow(): Promise<void> {
    const profile = this.profile
    if (profile === null || profile.is_self || this.busy) return
    this.busy = true
    const wanted = !profile.is_follow
    const answer = await this.#runner.attempt(Effect.flatMap(People, (people) => people.setFollow(profile.uid, wanted)))
    runInAction(() => {
      this.busy = false
      if (!answer.ok || this.profile?.uid !== profile.uid) return
      const followers = Math.max(0, this.profile.stat.follower_count + (wanted ? 1 : -1))
      this.profile = { ...this.profile, is_follow: wanted, stat: { ...this.profile.stat, follower_count: followers } }
    })
  }

  /** The follow state a list item shows: a change made here, else what its page said. */
  isFollowing(user: FollowUser): boolean {
    return this.followChanges.get(user.uid) ?? user.is_follow
  }

  /** Follow back (or unfollow) from a 关注 / 粉丝 list. */
  async toggleFollowOf(user: FollowUser): Promise<void> {
    const wanted = !this.isFollowing(user)
    const answer = await this.#runner.attempt(Effect.flatMap(People, (people) => people.setFollow(user.uid, wanted)))
    if (!answer.ok) return
    runInAction(() => this.followChanges.set(user.uid, wanted))
    if (this.isSelf) void this.refreshProfile()
  }

  auditStatusOf(work: LibraryArtwork): LibraryArtwork["audit_status"] {
    return this.auditChanges.get(work.id) ?? work.audit_status
  }

  /** 发布: the work goes to review (审核中) under `title`; `aiGenerated` is the author's 本作品由AI生成. */
  async publish(work: LibraryArtwork, title: string, aiGenerated = false): Promise<boolean> {
    const answer = await this.#runner.attempt(Effect.flatMap(People, (people) => people.publish(work.id, title, aiGenerated)))
    if (!answer.ok) return false
    runInAction(() => this.auditChanges.set(work.id, answer.value.audit_status))
    this.#toasts.success("已提交审核，通过后将公开展示")
    return true
  }

  /** 取消发布: others no longer see the work; it stays here as 未发布. */
  async unpublish(work: LibraryArtwork): Promise<void> {
    const answer = await this.#runner.attempt(Effect.flatMap(People, (people) => people.unpublish(work.id)))
    if (!answer.ok) return
    runInAction(() => this.auditChanges.set(work.id, answer.value.audit_status))
    this.#toasts.success("已取消发布")
  }

  #edited(profile: { nickname: string; avatar: string; bio: string }): void {
    if (this.profile !== null && this.profile.is_self) this.profile = { ...this.profile, ...profile }
  }

  #listOf(tab: PersonalTab) {
    switch (tab) {
      case "works":
        return this.worksList
      case "likes":
        return this.likes
      case "collections":
        return this.collections
      case "following":
        return this.following
      case "followers":
        return this.followers
      case "groups":
        return undefined
    }
  }

  #lists() {
    return [this.ownWorks, this.publicWorks, this.likes, this.collections, this.following, this.followers]
  }

  dispose(): void {
    this.#stopFollowingCollects()
  }

  /** R9: a logout forgets whose page this was and everything loaded for the viewer. */
  reset(): void {
    this.#latest.cancel()
    this.uid = 0
    this.profile = null
    this.profileStatus = "idle"
    this.tab = "works"
    this.followChanges.clear()
    this.auditChanges.clear()
    this.busy = false
    for (const list of this.#lists()) list.reset()
    this.groups.reset()
    this.editor.close()
  }
}
