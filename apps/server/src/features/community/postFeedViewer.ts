import type { Post } from "@mido/core"
import type { Db } from "../../db/database.js"
import { type NamedStatement, runNamed } from "../../db/namedStatement.js"
import type { ServerDeps } from "../../platform/deps.js"
import type { ViewerFlags } from "../../platform/sharedAnswer.js"

/**
 * A member's page of the community feed (issue 30, ADR 0027): the visitor's page, shared from the
 * feed cache (posts, authors, circles, counters), with what a post carries per viewer — is_like,
 * is_collected (one statement over both tables' primary keys (post_id, uid)) and is_owner (the post's
 * author, no read). The member's own like or collect shows in their very next page.
 */

// both tables in one round trip; the page's ids as one array literal, so one prepared text serves every size
const reactedAmongStatement: NamedStatement = {
  name: "mido_post_feed_viewer_reactions",
  text: `select post_id as id, 'l' as kind from post_likes where uid = $1::bigint and post_id = any($2::text::bigint[])
    union all select post_id as id, 'c' as kind from post_collects where uid = $1::bigint and post_id = any($2::text::bigint[])`,
  types: ["bigint", "text"]
}

export interface PostReactions {
  readonly liked: ReadonlySet<number>
  readonly collected: ReadonlySet<number>
}

/** Which of `ids` the viewer liked and which they collected (one indexed look-up; none asked, none read). */
export const reactedAmong = async (db: Db, viewer: number, ids: ReadonlyArray<number>): Promise<PostReactions> => {
  const liked = new Set<number>()
  const collected = new Set<number>()
  if (ids.length === 0) return { liked, collected }
  for (const row of await runNamed(db, reactedAmongStatement, [viewer, `{${ids.join(",")}}`])) {
    ;(row.kind === "l" ? liked : collected).add(Number(row.id))
  }
  return { liked, collected }
}

/** A member's flags on the shared page (platform/flagTemplate.ts writes them into its kept text): one look-up. */
export const postViewerFlags = <Page extends { readonly list: ReadonlyArray<Post> }>(db: Db): ViewerFlags<unknown, Page> => ({
  names: ["is_like", "is_collected", "is_owner"],
  read: async (shared, _input, viewer) => {
    const reactions = await reactedAmong(db, viewer, shared.list.map((post) => post.id))
    return shared.list.map((post) => ({ is_like: reactions.liked.has(post.id), is_collected: reactions.collected.has(post.id), is_owner: post.author.uid === viewer }))
  }
})

/** The feed cache's key of a community page: every input that changes the shared answer, in a fixed order. */
export const postFeedCacheKey = (input: { readonly circle_id?: number | undefined; readonly topic?: string | undefined; readonly sort: string; readonly feed?: string | undefined; readonly cursor?: string | undefined; readonly size: number }) =>
  `posts|${JSON.stringify([input.circle_id ?? null, input.topic ?? null, input.feed ?? null, input.sort, input.size, input.cursor ?? null])}`

/**
 * The answer of a write that moves the member's own flag on a post (like, collect), once it has
 * committed: their kept flags on shared pages are read again, here at once and in every process
 * (platform/viewerFlagCache.ts). A failed write changed nothing and forgets nothing.
 */
export const forgettingFlags = async <T>(deps: Pick<ServerDeps, "viewerFlags">, uid: number, committed: Promise<T>): Promise<T> => {
  const answer = await committed
  deps.viewerFlags.forgetUser(uid)
  return answer
}
