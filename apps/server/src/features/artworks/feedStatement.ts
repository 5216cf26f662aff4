import type { NamedStatement, StatementValue } from "../../db/namedStatement.js"
import type { FaceRow } from "./artworkView.js"

/**
 * The feed's one SQL statement per shape (which filters, a cursor or not, a viewer or not, the
 * LIMIT): fixed texts, each prepared once per connection. Every shape is a single keyset scan of a
 * partial index of 0300_artworks.sql (artworks_feed, _type, _category; artworks_user for a uid),
 * joined to the author by primary key, LIMIT size + 1 — no OFFSET, no COUNT (R39).
 *
 * Two result forms of the same rows, chosen by engine (measured, CPU per execution):
 * - "rows" for PostgreSQL: plain columns; node-postgres reads 21 rows for ~40 µs, while building
 *   the json in the server doubled PostgreSQL's own time (0.17 → 0.38 ms);
 * - "json" for PGlite: the page as ONE json text (json_agg in feed order), because reading
 *   16 columns × 21 rows through PGlite's JavaScript protocol reader cost more than the query itself.
 * Both give FeedRow's keys and types (namedStatement reads int8 as numbers on both engines).
 */

export type FeedForm = "rows" | "json"

export interface FeedShape {
  readonly uid: boolean
  readonly type: boolean
  readonly category: boolean
  readonly cursor: boolean
  readonly viewer: boolean
  /** 最热: most liked first, keyset on (like_count, id); otherwise newest first on (created_at, id). */
  readonly hot: boolean
  /** The LIMIT, written into the text (one of FETCH_LIMITS). */
  readonly limit: number
}

/**
 * The LIMIT is a constant of each statement, not a parameter: with `LIMIT $n` the planner prices
 * a generic plan for an unknown row count and re-plans every execution; with a constant the generic
 * plan is cheap and PostgreSQL keeps it after five runs (measured: 0 generic plans → all generic).
 * A page of `size` reads the smallest of these ≥ size + 1, so a connection holds at most 32 × 4
 * statements however clients choose sizes.
 */
export const FETCH_LIMITS = [11, 21, 31, 51] as const

export const fetchLimit = (rows: number): number => {
  const limit = FETCH_LIMITS.find((candidate) => candidate >= rows)
  if (limit === undefined) throw new Error(`feed: a page reads at most 51 rows, not ${rows}`)
  return limit
}

/** A row of the page as the statement writes it; `k` is created_at in epoch microseconds (exact). */
export type FeedRow = Omit<FaceRow, "createdAt"> & { readonly k: number; readonly isLike: boolean }

/** Where a page starts: after (created_at, id) for 最新, after (like_count, id) for 最热. */
export type FeedKey =
  | { readonly sort: "latest"; readonly micros: string; readonly id: number }
  | { readonly sort: "hot"; readonly likes: number; readonly id: number }

export interface FeedValues {
  readonly uid?: number | undefined
  readonly type?: string | undefined
  readonly categoryId?: number | undefined
  readonly cursor?: FeedKey | undefined
  readonly viewer?: number | undefined
  readonly sort?: "latest" | "hot" | undefined
  /** Rows wanted: the page size + 1 (the one more tells whether a next page exists). */
  readonly rows: number
}

// Pure memoization, not an adapter: one statement text per (shape, form) name, the same for every
// database and process, so it is built once and shared.
const statements = new Map<string, NamedStatement>()

const shapeName = (shape: FeedShape, form: FeedForm) =>
  `mido_feed_${[shape.uid && "u", shape.type && "t", shape.category && "c", shape.cursor && "k", shape.viewer && "v", shape.hot && "h"].filter(Boolean).join("") || "all"}_${shape.limit}_${form}`

const build = (shape: FeedShape, form: FeedForm): NamedStatement => {
  const types: Array<NamedStatement["types"][number]> = []
  const param = (type: NamedStatement["types"][number]) => {
    types.push(type)
    return `$${types.length}::${type}`
  }
  // the same rows as artworkView's publicArtwork, the predicate of the partial feed indexes
  const where = ["a.deleted_at is null", "a.is_public", "a.audit_status = 'approved'"]
  if (shape.uid) where.push(`a.user_uid = ${param("bigint")}`)
  if (shape.type) where.push(`a.type = ${param("text")}`)
  if (shape.category) where.push(`a.category_id = ${param("bigint")}`)
  if (shape.cursor) {
    where.push(shape.hot
      ? `(a.like_count, a.id) < (${param("int")}, ${param("bigint")})`
      : `(a.created_at, a.id) < (${param("timestamptz")}, ${param("bigint")})`)
  }
  const isLike = shape.viewer ? `exists (select 1 from artwork_likes l where l.uid = ${param("bigint")} and l.artwork_id = a.id)` : "false"
  if (!(FETCH_LIMITS as ReadonlyArray<number>).includes(shape.limit)) throw new Error(`feed: no statement reads ${shape.limit} rows`)
  const rows = `select a.id, a.type, a.title, a.cover, a.width, a.height,
      a.comment_count as "commentCount", a.favorite_count as "favoriteCount", a.like_count as "likeCount",
      a.share_count as "shareCount", a.view_count as "viewCount",
      a.user_uid as "userUid", u.nickname as "userName", u.avatar as "userAvatar", a.aigc_label as "aigcLabel",
      (extract(epoch from a.created_at) * 1000000)::bigint as k, ${isLike} as "isLike"
    from artworks a join users u on u.uid = a.user_uid
    where ${where.join(" and ")}
    order by ${shape.hot ? "a.like_count desc" : "a.created_at desc"}, a.id desc
    limit ${shape.limit}`
  const order = shape.hot ? `f."likeCount" desc, f.id desc` : "f.k desc, f.id desc"
  const text = form === "rows" ? rows : `select coalesce(json_agg(f order by ${order}), '[]')::text as page from (${rows}) f`
  return { name: shapeName(shape, form), text, types }
}

/** The statement for this shape and form, built once. */
export const feedStatement = (shape: FeedShape, form: FeedForm): NamedStatement => {
  const name = shapeName(shape, form)
  let statement = statements.get(name)
  if (statement === undefined) statements.set(name, (statement = build(shape, form)))
  return statement
}

/**
 * Epoch microseconds as an ISO instant with all six decimals ("2026-05-01T08:00:00.123456Z"): exact
 * for every cursor, and the cheapest form for PGlite's EXECUTE to read (measured against float8
 * arithmetic on the parameter).
 */
export const instantOf = (micros: string): string => {
  const whole = BigInt(micros)
  const seconds = whole / 1_000_000n
  const fraction = String(whole % 1_000_000n).padStart(6, "0")
  return new Date(Number(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, `.${fraction}Z`)
}

/** The statement and its values, in the order of its placeholders; it reads at least `rows` rows. */
export const feedCall = (values: FeedValues, form: FeedForm): { readonly statement: NamedStatement; readonly values: ReadonlyArray<StatementValue> } => {
  const shape: FeedShape = {
    uid: values.uid !== undefined,
    type: values.type !== undefined,
    category: values.categoryId !== undefined,
    cursor: values.cursor !== undefined,
    viewer: values.viewer !== undefined,
    hot: values.sort === "hot",
    limit: fetchLimit(values.rows)
  }
  const ordered: Array<StatementValue> = []
  if (values.uid !== undefined) ordered.push(values.uid)
  if (values.type !== undefined) ordered.push(values.type)
  if (values.categoryId !== undefined) ordered.push(values.categoryId)
  if (values.cursor !== undefined) {
    if ((values.cursor.sort === "hot") !== (values.sort === "hot")) throw new Error("feed: the cursor is of the other sort")
    ordered.push(values.cursor.sort === "hot" ? values.cursor.likes : instantOf(values.cursor.micros), values.cursor.id)
  }
  if (values.viewer !== undefined) ordered.push(values.viewer)
  return { statement: feedStatement(shape, form), values: ordered }
}
