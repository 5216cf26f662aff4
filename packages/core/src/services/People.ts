import { Context, type Effect } from "effect"
import type { CallError, InputCallError } from "../api/ApiErrors.js"
import type { ArtworkCard } from "../api/schemas/ArtworkCard.js"
import type { ArtworkGroup } from "../api/schemas/ArtworkGroup.js"
import type { AuditStatus, LibraryArtwork } from "../api/schemas/LibraryArtwork.js"
import type { FollowUser } from "../api/schemas/FollowUser.js"
import type { Profile } from "../api/schemas/Profile.js"
import type { UserEditPayload } from "../api/schemas/UserEdit.js"
import type { CurrentUser } from "../api/schemas/UserInfo.js"
import type { FollowNotApplied } from "./Artworks.js"
import type { DeferredMembers } from "./deferredService.js"

/** A page of a page/size list (spec §7: list and total). */
export interface NumberedList<A> {
  readonly list: ReadonlyArray<A>
  readonly total: number
}

/** A page of a keyset list: the next cursor is absent on the last page. */
export interface CursorList<A> {
  readonly list: ReadonlyArray<A>
  readonly next_cursor?: string | undefined
}

export type FollowListType = "followee" | "follower"

/** Where an own artwork stands after publish or unpublish. */
export interface AuditChange {
  readonly artwork_id: number
  readonly audit_status: AuditStatus
}

/**
 * The personal center (/personal/{id?}, issue 12): a profile with its tabs, the owner's works and
 * groups, follows. Every list answers one page; stores page them with PagedList. Typed input (group
 * names, nickname, publish title) is checked with the route's schema before anything is sent.
 */
export interface PeopleShape {
  /** GET /api/v1/open/user/profile. */
  readonly profile: (uid: number) => Effect.Effect<Profile, CallError>
  /** Another user's public works (get_profile_list with uid), newest first, by cursor. */
  readonly publicWorks: (uid: number, cursor: string | undefined, size: number) => Effect.Effect<CursorList<ArtworkCard>, CallError>
  /** The viewer's own works, published or not (/api/v2/artwork/list). */
  readonly ownWorks: (page: number, size: number) => Effect.Effect<NumberedList<LibraryArtwork>, CallError>
  /** Publish an own work: it goes to review (audit/submit) with `title`. */
  /** `aiGenerated`: the author's 本作品由AI生成 (a work without an AIGC attribute then shows 疑似AI生成, AL9). */
  readonly publish: (artworkId: number, title: string, aiGenerated?: boolean) => Effect.Effect<AuditChange, InputCallError>
  /** Withdraw an own work from the square and others' view (profile/artwork/delete); it stays a draft. */
  readonly unpublish: (artworkId: number) => Effect.Effect<AuditChange, CallError>
  readonly groups: (uid: number, page: number, size: number) => Effect.Effect<NumberedList<ArtworkGroup>, CallError>
  readonly groupWorks: (groupId: number, page: number, size: number) => Effect.Effect<NumberedList<ArtworkCard>, CallError>
  readonly createGroup: (name: string) => Effect.Effect<ArtworkGroup, InputCallError>
  readonly renameGroup: (groupId: number, name: string) => Effect.Effect<ArtworkGroup, InputCallError>
  readonly deleteGroup: (groupId: number) => Effect.Effect<void, CallError>
  /** 移入作品集: appends own works to an own group; answers the group's new count. */
  readonly addToGroup: (groupId: number, artworkIds: ReadonlyArray<number>) => Effect.Effect<{ readonly added: number; readonly artwork_count: number }, InputCallError>
  /** get_user_likes. */
  readonly likes: (uid: number, page: number, size: number) => Effect.Effect<NumberedList<ArtworkCard>, CallError>
  /** collect/list (login required); `uid` absent = the viewer's own. */
  readonly collections: (uid: number | undefined, page: number, size: number) => Effect.Effect<NumberedList<ArtworkCard>, CallError>
  /** follow/list of `uid` (login required). */
  readonly follows: (uid: number, type: FollowListType, page: number, size: number) => Effect.Effect<NumberedList<FollowUser>, CallError>
  /** POST /api/v1/user/follow with the wanted state; code 0 without data.success is FollowNotApplied (spec §5). */
  readonly setFollow: (uid: number, follow: boolean) => Effect.Effect<boolean, CallError | FollowNotApplied>
  /** POST /api/v1/user/edit, then the session's user is refreshed so the top bar follows. */
  readonly editProfile: (edit: UserEditPayload) => Effect.Effect<CurrentUser, InputCallError>
}

export class People extends Context.Tag("@mido/core/People")<People, PeopleShape>() {}

/** People's code (the personal center's routes) is fetched on first use; every member waits for it. */
export const peopleMembers: DeferredMembers<PeopleShape> = {
  profile: "call",
  publicWorks: "call",
  ownWorks: "call",
  publish: "call",
  unpublish: "call",
  groups: "call",
  groupWorks: "call",
  createGroup: "call",
  renameGroup: "call",
  deleteGroup: "call",
  addToGroup: "call",
  likes: "call",
  collections: "call",
  follows: "call",
  setFollow: "call",
  editProfile: "call"
}
