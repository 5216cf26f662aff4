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
const REPLACEMENTS: ReadonlyArray<unknown> = [REMOVE, null, 0, -1, 1, 2.5, "", "x", " code ", "138****0000", true, [], {}, ["x"], { extra: 1 }]

/**
 * Where `shape` and `schema` read the same value differently (ADR 0032: a StoredShape mirrors a Schema,
 * which stays the contract). The values: `runs` valid ones drawn from the schema (in their JSON form, as
 * a KeyValueStore holds them), each with every part replaced in turn by something else (removed, null,
 * a number, a string, another type, an extra key), and `runs` arbitrary JSON values. Both readings must
 * agree: the same value, or both refusing. Deterministic (fixed seeds).
 */
export const storedShapeDisagreements = <A, I>(shape: StoredShape<A>, schema: Schema.Schema<A, I>, runs = 200): ReadonlyArray<Disagreement> => {
  const encode = Schema.encodeSync(schema)
  const decode = Schema.decodeUnknownOption(schema)
  const valid = fc.sample(Arbitrary.make(schema), { numRuns: runs, seed: 20261128 }).map((value) => JSON.parse(JSON.stringify(encode(value))) as unknown)
  const edited = valid.flatMap((value, index) =>
    pathsOf(value).flatMap((path, pathIndex) => {
      const by = REPLACEMENTS[(index + pathIndex) % REPLACEMENTS.length]
      const also = REPLACEMENTS[(index + pathIndex + 7) % REPLACEMENTS.length]
      const extraKey = value !== null && typeof value === "object" && !Array.isArray(value) ? [{ ...value, unexpected: "x" }] : []
      return [replaceAt(value, path, by), replaceAt(value, path, also), ...extraKey]
    }))
  const noise = fc.sample(fc.jsonValue(), { numRuns: runs, seed: 7 })
  const disagreements: Array<Disagreement> = []
  for (const value of [...valid, ...edited, ...noise]) {
    if (value === undefined) continue
    const bySchema = Option.getOrUndefined(decode(value))
    const byShape = shape(value)
    if ((bySchema === undefined) !== (byShape === undefined) || (bySchema !== undefined && canonical(bySchema) !== canonical(byShape))) {
      disagreements.push({ value, schema: bySchema, shape: byShape })
    }
  }
  return disagreements
}

/** How many valid values the sampling drew that the schema accepts (a check that the test tests something). */
export const acceptedSamples = <A, I>(shape: StoredShape<A>, schema: Schema.Schema<A, I>, runs = 200): number =>
  fc.sample(Arbitrary.make(schema), { numRuns: runs, seed: 20261128 })
    .map((value) => JSON.parse(JSON.stringify(Schema.encodeSync(schema)(value))) as unknown)
    .filter((value) => shape(value) !== undefined).length
