/**
 * Reading a saved value back without effect's Schema (ADR 0032). The values the app reads before its
 * first paint (the token, the cached user, the config, the sidebar, the saved flags, the work store)
 * are checked with these small functions instead, so that Schema's ~14 KB gzip leaves the web app's
 * first load. Each shape mirrors a Schema that stays the source of truth: an agreement test
 * (`storedShapeAgreement`, run by core's `storedShapes.test.ts` and react's `storedValues.test.ts`)
 * checks on sampled and edited values that both accept the same ones and read them the same way.
 */

/** The value read back (excess keys dropped, defaults filled), or undefined when it does not fit. */
export type StoredShape<A> = (value: unknown) => A | undefined

/** A key that may be absent (Schema.optional). */
export interface OptionalField<A> {
  readonly optional: StoredShape<A>
}

/** A key that, when absent, reads as `orElse()` (Schema.optionalWith(…, { default })). */
export interface DefaultedField<A> {
  readonly shape: StoredShape<A>
  readonly orElse: () => A
}

type AnyField = StoredShape<unknown> | OptionalField<unknown> | DefaultedField<unknown>
type FieldValue<F> = F extends StoredShape<infer A> ? A : F extends OptionalField<infer A> ? A : F extends DefaultedField<infer A> ? A : never
type Simplify<T> = { [K in keyof T]: T[K] } & {}

/** The value of a struct of fields: optional fields are optional keys, defaulted ones always there. */
export type StructOf<F extends Readonly<Record<string, AnyField>>> = Simplify<
  { readonly [K in keyof F as F[K] extends OptionalField<unknown> ? never : K]: FieldValue<F[K]> } & {
    readonly [K in keyof F as F[K] extends OptionalField<unknown> ? K : never]?: FieldValue<F[K]>
  }
>

export const text = (check?: (value: string) => boolean): StoredShape<string> => (value) =>
  typeof value === "string" && (check === undefined || check(value)) ? value : undefined

export const flag: StoredShape<boolean> = (value) => (typeof value === "boolean" ? value : undefined)

/** An integer no smaller than `min` (Schema.Int with positive / nonNegative). */
export const integer = (min: number): StoredShape<number> => (value) =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= min ? value : undefined

export const oneOf = <const L extends ReadonlyArray<string | number | boolean>>(...literals: L): StoredShape<L[number]> => (value) =>
  literals.includes(value as L[number]) ? (value as L[number]) : undefined

export const nullOr = <A>(shape: StoredShape<A>): StoredShape<A | null> => (value) => (value === null ? null : shape(value))

export const list = <A>(shape: StoredShape<A>): StoredShape<ReadonlyArray<A>> => (value) => {
  if (!Array.isArray(value)) return undefined
  const items: Array<A> = []
  for (const item of value) {
    const read = shape(item)
    if (read === undefined) return undefined
    items.push(read)
  }
  return items
}

export const optional = <A>(shape: StoredShape<A>): OptionalField<A> => ({ optional: shape })
export const withDefault = <A>(shape: StoredShape<A>, orElse: () => A): DefaultedField<A> => ({ shape, orElse })

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * An object with these fields. Other keys are dropped, as Schema.Struct decodes by default, or make
 * the value not fit with `exact` (Schema's `onExcessProperty: "error"`).
 */
export const struct = <const F extends Readonly<Record<string, AnyField>>>(fields: F, options?: { readonly exact?: boolean }): StoredShape<StructOf<F>> => {
  const entries = Object.entries(fields) as ReadonlyArray<[string, AnyField]>
  return (value) => {
    if (!isRecord(value)) return undefined
    if (options?.exact === true && Object.keys(value).some((key) => !Object.hasOwn(fields, key))) return undefined
    const read: Record<string, unknown> = {}
    for (const [key, field] of entries) {
      const present = Object.hasOwn(value, key)
      if (typeof field === "function") {
        const fieldValue = present ? field(value[key]) : undefined
        if (fieldValue === undefined) return undefined
        read[key] = fieldValue
      } else if ("optional" in field) {
        // a key set to undefined is absent: JSON drops it when the value is written
        if (!present || value[key] === undefined) continue
        const fieldValue = field.optional(value[key])
        if (fieldValue === undefined) return undefined
        read[key] = fieldValue
      } else {
        const fieldValue = present ? field.shape(value[key]) : field.orElse()
        if (fieldValue === undefined) return undefined
        read[key] = fieldValue
      }
    }
    return read as StructOf<F>
  }
}

/** The first shape that fits (Schema.Union of members told apart by a literal). */
export const firstOf = <S extends ReadonlyArray<StoredShape<unknown>>>(...shapes: S): StoredShape<S[number] extends StoredShape<infer A> ? A : never> => (value) => {
  for (const shape of shapes) {
    const read = shape(value)
    if (read !== undefined) return read as S[number] extends StoredShape<infer A> ? A : never
  }
  return undefined
}
