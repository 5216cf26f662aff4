import { Schema } from "effect"

/** Database ids are positive integers. */
export const Id = Schema.Int.pipe(Schema.positive())

/**
 * An integer in a query string: the wire form is text ("2"), the decoded form a number. The client
 * encodes with it and the server decodes with it, so both agree on the query's shape.
 */
export const QueryInt = Schema.NumberFromString.pipe(Schema.int())

/** A query id: positive integer as text. */
export const QueryId = QueryInt.pipe(Schema.positive())

/** 1-based page and page size for every list call (query form). */
export const PageQuery = Schema.Struct({
  page: Schema.optionalWith(QueryInt.pipe(Schema.positive()), { default: () => 1 }),
  size: Schema.optionalWith(QueryInt.pipe(Schema.between(1, 100)), { default: () => 20 })
})

/** A page of a list: the items and the total count over all pages (spec §7 `list`, `total`). */
export const Page = <A, I>(item: Schema.Schema<A, I>) =>
  Schema.Struct({ list: Schema.Array(item), total: Schema.Int.pipe(Schema.nonNegative()) })

/** Cursor paging for feeds (newest first): the next cursor is absent on the last page. */
export const CursorPage = <A, I>(item: Schema.Schema<A, I>) =>
  Schema.Struct({ list: Schema.Array(item), next_cursor: Schema.optional(Schema.String), total: Schema.optional(Schema.Int) })

/** Server time as text in China time, "2026-11-22 18:30:00" (the `*_str` fields of spec §3). */
export const DateTimeText = Schema.String

/** Unix time in seconds, as the API sends `created_at` (spec §3 messages and artworks). */
export const UnixSeconds = Schema.Int.pipe(Schema.nonNegative())

/** Calls whose answer carries nothing the client reads: data is null or an empty object. */
export const Empty = Schema.Unknown

/** Write calls that report success as `data.success` (spec §7 follow). */
export const SuccessFlag = Schema.Struct({ success: Schema.Boolean })
