import { Arbitrary, FastCheck as fc, Option, Schema } from "effect"
import type { StoredShape } from "../services/storedShape.js"

/** One value on which a StoredShape and its Schema read differently. */
export interface Disagreement {
  readonly value: unknown
  readonly schema: unknown
  readonly shape: unknown
}

/** JSON with sorted keys: two readings are the same when their canonical texts are. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item)

type Path = ReadonlyArray<string | number>

const pathsOf = (value: unknown, at: Path = []): Array<Path> => {
  if (Array.isArray(value)) return [at, ...value.flatMap((item, index) => pathsOf(item, [...at, index]))]
  if (value !== null && typeof value === "object") return [at, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))]
  return [at]
}

const REMOVE = Symbol("remove")

/** A copy of `value` with what is at `path` replaced (or removed: dropped from its object or array). */
const replaceAt = (value: unknown, path: Path, by: unknown): unknown => {
  if (path.length === 0) return by === REMOVE ? undefined : by
  const [head, ...rest] = path
  if (Array.isArray(value)) {
    const copy = [...value]
    if (rest.length === 0 && by === REMOVE) copy.splice(head as number, 1)
    else copy[head as number] = replaceAt(copy[head as number], rest, by)
    return copy
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) }
  if (rest.length === 0 && by === REMOVE) delete copy[head as string]
  else copy[head as string] = replaceAt(copy[head as string], rest, by)
  return copy
}

// what a stored value turns into when it is corrupt, outdated or edited by hand
const REPLACEMENTS: ReadonlyArray<unknown> = [REMOVE, null, 0, -1, 1, 2, 3, 4, 2.5, 2 ** 53, "", "x", " code ", "138****0000", "a".repeat(16), "a".repeat(513), true, false, [], {}, ["x"], { extra: 1 }]

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> => value !== null && typeof value === "object" && !Array.isArray(value)

/** A copy of `value` whose every object (the root and each nested one) has a key its shape does not name. */
const withUnexpectedKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withUnexpectedKeys)
  if (!isObject(value)) return value
  return { ...Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withUnexpectedKeys(item)])), unexpected: "x" }
}

/** The edits of one valid value: every part replaced by each of REPLACEMENTS in turn, and unexpected keys everywhere. */
const editsOf = (value: unknown): Array<unknown> => [
  ...pathsOf(value).flatMap((path) => REPLACEMENTS.map((by) => replaceAt(value, path, by))),
  withUnexpectedKeys(value)
]

/** What checking a StoredShape against its Schema found. */
export interface StoredShapeAgreement {
  /** Valid values drawn from the schema. */
  readonly drawn: number
  /** How many of them the shape accepts: all, or the check tests little. */
  readonly accepted: number
  readonly disagreements: ReadonlyArray<Disagreement>
}

/**
 * Where `shape` and `schema` read the same value differently (ADR 0032: a StoredShape mirrors a Schema,
 * which stays the contract). The values: `runs` valid ones drawn from the schema (in their JSON form, as
 * a KeyValueStore holds them); each of them with every part replaced in turn by each of a list of
 * others (removed, null, numbers, strings, another type, an object with a key nobody names), and with
 * a key its shape does not name added to every object in it; and `runs` arbitrary JSON values. On each,
 * both readings must give the same value or both refuse. A sample, not a proof: deterministic (fixed
 * seeds), so a disagreement it finds is found again.
 */
export const storedShapeAgreement = <A, I>(shape: StoredShape<A>, schema: Schema.Schema<A, I>, runs = 200): StoredShapeAgreement => {
  const decode = Schema.decodeUnknownOption(schema)
  const valid = fc.sample(Arbitrary.make(schema), { numRuns: runs, seed: 20261128 })
    .map((value) => JSON.parse(JSON.stringify(Schema.encodeSync(schema)(value))) as unknown)
  const noise = fc.sample(fc.jsonValue(), { numRuns: runs, seed: 7 })
  const disagreements: Array<Disagreement> = []
  for (const value of [...valid, ...valid.flatMap(editsOf), ...noise]) {
    if (value === undefined) continue
    const bySchema = Option.getOrUndefined(decode(value))
    const byShape = shape(value)
    if ((bySchema === undefined) !== (byShape === undefined) || (bySchema !== undefined && canonical(bySchema) !== canonical(byShape))) {
      disagreements.push({ value, schema: bySchema, shape: byShape })
    }
  }
  return { drawn: valid.length, accepted: valid.filter((value) => shape(value) !== undefined).length, disagreements }
}
