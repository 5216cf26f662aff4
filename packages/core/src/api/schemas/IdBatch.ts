import { Schema } from "effect"

/** A list of ids for a batch call: at least one, at most `max`, each positive. */
export const IdBatch = <A, I>(id: Schema.Schema<A, I>, max: number) =>
  Schema.Array(id).pipe(
    Schema.minItems(1, { message: () => "请至少选择一项" }),
    Schema.maxItems(max, { message: () => `一次最多选择 ${max} 项` })
  )
