import type { ItemFlags } from "./flagTemplate.js"

/**
 * Each member's own flags (liked, collected, …) on the shared pages they read, as this process last
 * read them (issue 30 target 1, ADR 0027 "Since"): a member's repeat read of a page runs no statement.
 * On PGlite that one look-up cost several times a visitor's whole cached page.
 *
 * Exact, because an entry belongs to one kept shared answer and to one member's writes:
 * - it is used only with the very answer it was read against (the feed cache's kept data, by
 *   identity): when that answer expires (the feed cache's TTL) or is invalidated (a publish, a
 *   withdrawal, a delete), the page's flags are read again with the new answer. So a flag changed by
 *   a write that clears no entry — a row changed by hand, a cascade — lags no longer than the page
 *   itself already does;
 * - whatever changes a member's flag (their like or unlike, collect or uncollect of a work or a post,
 *   follow or unfollow) calls `forgetUser(uid)` after it committed: in this process their very next
 *   read runs the look-up; on PostgreSQL processChanges.ts sends `flags <uid>` and every other
 *   process forgets them when it arrives (a lost listener forgets everyone when it comes back);
 * - a read that began before a forget is answered but not kept (it may have missed the write).
 *
 * Bounded: at most `maxEntries` pages in all (the member touched longest ago goes first, all their
 * pages with them) and `maxPagesPerViewer` pages of one member (their oldest goes first). An entry
 * is the page's key and one reference per item to a shared record of flag values (the records are
 * interned: a page of 20 items holds 20 pointers), about 300 bytes: 10,000 entries ≈ 3 MB.
 */
export interface ViewerFlagCache {
  /**
   * This viewer's flags on the kept shared answer `shared` (kept under `page` in the feed cache):
   * kept from an earlier read of the same answer, or read now by `read` and kept.
   */
  readonly flagsOf: (viewer: number, page: string, shared: object, read: () => Promise<ItemFlags>) => Promise<ItemFlags>
  /**
   * The same for a member's own part of one kept shared value that is not a page of flags: an
   * artwork detail's flags with the counters their own like, collect or follow moves (artworkInfo.ts).
   * Kept and forgotten by the same rules; kept as read (never interned).
   */
  readonly ownPartOf: <Part>(viewer: number, page: string, shared: object, read: () => Promise<Part>) => Promise<Part>
  /** Forgets every kept page of this member (and reads in flight): call it after a write of theirs that moves a flag committed. */
  readonly forgetUser: (uid: number) => void
  /** Forgets every member's pages. */
  readonly forgetAll: () => void
  /** How many pages are kept now, for every member together (tests read it). */
  readonly size: () => number
}

export interface ViewerFlagCacheOptions {
  /** False keeps nothing: every member request reads its flags (MIDO_FEED_CACHE_MS=0 shares no page anyway). */
  readonly enabled?: boolean
  readonly maxEntries?: number
  readonly maxPagesPerViewer?: number
}

export const VIEWER_FLAGS_MAX_ENTRIES = 10_000
export const VIEWER_FLAGS_MAX_PAGES_PER_VIEWER = 50

interface Kept {
  // the kept shared answer this was read against: a number, so an entry never holds an old page alive
  readonly answer: number
  readonly part: unknown
}

// each kept shared answer gets a number at its first member read (weakly: it goes with the answer)
const answerNumbers = new WeakMap<object, number>()
let lastAnswerNumber = 0
const numberOf = (shared: object): number => {
  let number = answerNumbers.get(shared)
  if (number === undefined) {
    number = ++lastAnswerNumber
    answerNumbers.set(shared, number)
  }
  return number
}

// one frozen record per distinct set of values: a kept page holds pointers, not 20 fresh objects
const records = new Map<string, Readonly<Record<string, boolean>>>()
const intern = (flags: ItemFlags): ItemFlags =>
  flags.map((record) => {
    const names = Object.keys(record)
    const key = names.map((name) => `${name}=${record[name] === true ? 1 : 0}`).join("&")
    let shared = records.get(key)
    if (shared === undefined) {
      shared = Object.freeze(Object.fromEntries(names.map((name) => [name, record[name] === true])))
      // the names are the routes' own few flags: the table stays a handful of records
      if (records.size < 1_000) records.set(key, shared)
    }
    return shared
  })

export const makeViewerFlagCache = ({ enabled = true, maxEntries = VIEWER_FLAGS_MAX_ENTRIES, maxPagesPerViewer = VIEWER_FLAGS_MAX_PAGES_PER_VIEWER }: ViewerFlagCacheOptions = {}): ViewerFlagCache => {
  // viewer → their pages; both maps in the order touched (oldest first)
  const viewers = new Map<number, Map<string, Kept>>()
  let entries = 0
  // every forget moves it: a read that started before any forget is not kept (forgets are writes: rare against reads)
  let generation = 0

  const dropViewer = (uid: number) => {
    const pages = viewers.get(uid)
    if (pages === undefined) return
    entries -= pages.size
    viewers.delete(uid)
  }

  const keep = (viewer: number, page: string, kept: Kept) => {
    let pages = viewers.get(viewer)
    if (pages === undefined) pages = new Map()
    else viewers.delete(viewer)
    viewers.set(viewer, pages)
    if (pages.delete(page)) entries--
    if (pages.size >= maxPagesPerViewer) {
      const oldest = pages.keys().next()
      if (oldest.done !== true) {
        pages.delete(oldest.value)
        entries--
      }
    }
    while (entries >= maxEntries) {
      const oldest = viewers.keys().next()
      if (oldest.done === true || oldest.value === viewer) break
      dropViewer(oldest.value)
    }
    pages.set(page, kept)
    entries++
  }

  const partOf = async <Part>(viewer: number, page: string, shared: object, read: () => Promise<Part>, toKeep: (part: Part) => Part): Promise<Part> => {
    const answer = numberOf(shared)
    const hit = viewers.get(viewer)?.get(page)
    if (hit !== undefined && hit.answer === answer) return hit.part as Part
    const startedIn = generation
    const part = await read()
    if (enabled && generation === startedIn) keep(viewer, page, { answer, part: toKeep(part) })
    return part
  }

  return {
    flagsOf: (viewer, page, shared, read) => partOf(viewer, page, shared, read, intern),
    ownPartOf: (viewer, page, shared, read) => partOf(viewer, page, shared, read, (part) => part),
    forgetUser: (uid) => {
      generation++
      dropViewer(uid)
    },
    forgetAll: () => {
      generation++
      viewers.clear()
      entries = 0
    },
    size: () => entries
  }
}
