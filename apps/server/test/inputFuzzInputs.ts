import type { AnyRoute } from "@mido/core"
import { Schema, SchemaAST } from "effect"
import fc from "fast-check"
import { BODY_LIMIT_BYTES } from "../src/platform/bodyLimit.js"
import { FORM_LIMIT_BYTES } from "../src/features/files/storageHandlers.js"
import { MAX_INPUT_DEPTH } from "../src/platform/requestInput.js"

/**
 * Bad inputs for one route of the contract, made from the route's schema and a valid sample of its
 * input (the route's example, wire form): one defect each, and the answer the edge must give.
 * `refusedBySchema` is the schema's own verdict, so a mutation the schema would take is never sent
 * as "bad" (fc.pre skips it).
 */
export type Kind = "wrong type" | "missing" | "extra" | "huge" | "deep" | "nul" | "surrogate"

export interface BadInput {
  readonly kind: Kind
  /** What the request carries: a JSON text, a raw query string (after `?`), or form fields. */
  readonly body?: string
  readonly query?: string
  readonly form?: ReadonlyArray<readonly [string, string | Blob, string?]>
  /** For fc.pre: whether the schema refuses it (always true for the kinds the edge refuses before decoding). */
  readonly invalid: boolean
  /** The envelope code the answer must carry. */
  readonly code: 400 | 413
  /** What the msg must match, when the kind decides it. */
  readonly msg?: RegExp
}

type Json = null | boolean | number | string | Array<Json> | { [key: string]: Json }
type Path = ReadonlyArray<string | number>

/** Struct({}) takes no fields at all (contract.ts refuses any). */
const takesNoFields = (route: AnyRoute) => {
  const ast = SchemaAST.encodedAST(route.input.ast)
  return ast._tag === "TypeLiteral" && ast.propertySignatures.length === 0 && ast.indexSignatures.length === 0
}

export const refusedBySchema = (route: AnyRoute, value: unknown): boolean => {
  if (takesNoFields(route) && value !== null && typeof value === "object" && Object.keys(value).length > 0) return true
  return Schema.decodeUnknownEither(route.input)(value, { onExcessProperty: "error" })._tag === "Left"
}

const pathsOf = (value: unknown, prefix: Path = []): Array<Path> => {
  if (value === null || typeof value !== "object" || value instanceof Blob) return []
  return Object.entries(value).flatMap(([key, item]) => {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key]
    return [path, ...pathsOf(item, path)]
  })
}

const getAt = (value: unknown, path: Path): unknown => path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value)

const setAt = (value: unknown, path: Path, replacement: unknown): unknown => {
  if (path.length === 0) return replacement
  const [key, ...rest] = path as [string | number, ...Path]
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>
  copy[key] = setAt(copy[key], rest, replacement)
  return copy
}

const deleteAt = (value: unknown, path: Path): unknown => {
  const parent = getAt(value, path.slice(0, -1))
  const key = path.at(-1)!
  if (Array.isArray(parent)) return setAt(value, path.slice(0, -1), parent.filter((_, index) => index !== key))
  const { [key]: _gone, ...rest } = parent as Record<string | number, unknown>
  return setAt(value, path.slice(0, -1), rest)
}

const objectPaths = (value: unknown): Array<Path> => [[], ...pathsOf(value).filter((path) => { const node = getAt(value, path); return node !== null && typeof node === "object" && !Array.isArray(node) && !(node instanceof Blob) })]
const stringPaths = (value: unknown): Array<Path> => pathsOf(value).filter((path) => typeof getAt(value, path) === "string")

const anyJson: fc.Arbitrary<Json> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 12 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.integer(), { maxKeys: 2 })
)
/** Server-owned names a client might try (R12), and odd keys. */
const extraKey = fc.oneof(fc.constantFrom("uid", "beans", "price", "amount", "status", "user_id", "is_member", "__proto__", "constructor"), fc.string({ minLength: 1, maxLength: 20 }))
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code))

/** `text` with `inserted` at a chosen place (a surrogate is put where no neighbour can pair with it). */
const insertInto = (text: string, at: number, inserted: string) => {
  const clean = [...text].filter((char) => char.length === 1 && !/[\ud800-\udfff]/.test(char)).join("")
  const index = at % (clean.length + 1)
  return `${clean.slice(0, index)}${inserted}${clean.slice(index)}`
}

const PLACEHOLDER = "\u0001deep\u0001"
const deepText = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`

/** Bad JSON bodies for a route that reads one, from its example. */
export const jsonBadInputs = (route: AnyRoute, example: Record<string, unknown>): fc.Arbitrary<BadInput> => {
  const all = pathsOf(example)
  const targets: Array<Path> = [[], ...all]
  const strings = stringPaths(example)
  const textTargets = strings.length > 0 ? strings : all.length > 0 ? all : [["x"]]
  const removable = all.filter((path) => refusedBySchema(route, deleteAt(example, path)))
  const json = (value: unknown, kind: Kind, code: 400 | 413 = 400, msg?: RegExp): BadInput => ({ kind, body: JSON.stringify(value), invalid: kind === "wrong type" || kind === "missing" || kind === "extra" ? refusedBySchema(route, value) : true, code, ...(msg ? { msg } : {}) })
  const kinds: Array<fc.Arbitrary<BadInput>> = [
    fc.tuple(fc.constantFrom(...targets), anyJson).map(([path, value]) => json(setAt(example, path, value), "wrong type")),
    fc.tuple(fc.constantFrom(...objectPaths(example)), extraKey, anyJson).map(([path, key, value]) => json(setAt(example, [...path, key], value), "extra")),
    fc.tuple(fc.constantFrom(...targets), fc.integer({ min: 1, max: 64 * 1024 })).map(([path, over]) => json(setAt(example, path.length === 0 ? ["pad"] : path, "x".repeat(BODY_LIMIT_BYTES + over)), "huge", 413, /^请求内容过大$/)),
    fc.tuple(fc.constantFrom(...targets), fc.integer({ min: MAX_INPUT_DEPTH + 1, max: 4000 })).map(([path, depth]) => ({
      ...json(setAt(example, path.length === 0 ? ["x"] : path, PLACEHOLDER), "deep", 400, /^请求内容嵌套过深$/),
      body: JSON.stringify(setAt(example, path.length === 0 ? ["x"] : path, PLACEHOLDER)).replace(JSON.stringify(PLACEHOLDER), deepText(depth))
    })),
    fc.tuple(fc.constantFrom(...textTargets), fc.nat(), fc.boolean()).map(([path, at, inKey]) =>
      inKey ? json(setAt(example, [`x${"\u0000"}${at % 7}`], 1), "nul", 400, /含有无效字符$/) : json(setAt(example, path, insertInto(String(getAt(example, path) ?? ""), at, "\u0000")), "nul", 400, /含有无效字符$/)
    ),
    fc.tuple(fc.constantFrom(...textTargets), fc.nat(), loneSurrogate).map(([path, at, char]) => json(setAt(example, path, insertInto(String(getAt(example, path) ?? ""), at, char)), "surrogate", 400, /含有无效字符$/))
  ]
  if (removable.length > 0) kinds.push(fc.constantFrom(...removable).map((path) => json(deleteAt(example, path), "missing")))
  return fc.oneof(...kinds)
}

const encode = (query: Record<string, string>) => Object.entries(query).map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join("&")
/** A query value that is no number, no date, no known word, or one at its edges. */
const oddValue = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("abc", "-1", "0", "1.5", "1e400", "NaN", "true", "", " ", "9".repeat(30), "2026-13-45", "%", "+"))
const notUtf8 = fc.constantFrom("%ED%A0%80", "%ED%BF%BF", "%E9%9B", "%C0%AF", "%FF", "%80")

/** Bad query strings for a GET route, from its example. */
export const queryBadInputs = (route: AnyRoute, example: Record<string, string>): fc.Arbitrary<BadInput> => {
  const keys = Object.keys(example)
  const query = (value: Record<string, string>, kind: Kind, msg?: RegExp): BadInput => ({ kind, query: encode(value), invalid: kind === "nul" || refusedBySchema(route, value), code: 400, ...(msg ? { msg } : {}) })
  const kinds: Array<fc.Arbitrary<BadInput>> = [
    fc.tuple(extraKey, oddValue).filter(([key]) => !keys.includes(key)).map(([key, value]) => query({ ...example, [key]: value }, "extra")),
    fc.tuple(fc.oneof(fc.constantFrom(...keys, "x"), extraKey), fc.nat()).map(([key, at]) => query({ ...example, [key]: insertInto(example[key] ?? "", at, "\u0000") }, "nul", /含有无效字符$/)),
    fc.tuple(fc.constantFrom(...keys, "x"), fc.nat(), notUtf8).map(([key, at, raw]) => {
      const value = encodeURIComponent(example[key] ?? "")
      const index = [...value.matchAll(/%[0-9A-F]{2}|[^%]/g)].map((match) => match.index).concat(value.length)[at % (value.length + 1)] ?? value.length
      const others = encode(Object.fromEntries(Object.entries(example).filter(([name]) => name !== key)))
      return { kind: "surrogate" as const, query: `${others}${others === "" ? "" : "&"}${key}=${value.slice(0, index)}${raw}${value.slice(index)}`, invalid: true, code: 400 as const, msg: /^请求参数编码无效$/ }
    })
  ]
  if (keys.length > 0) {
    kinds.push(fc.tuple(fc.constantFrom(...keys), oddValue).map(([key, value]) => query({ ...example, [key]: value }, "wrong type")))
    kinds.push(fc.tuple(fc.constantFrom(...keys), fc.integer({ min: 2000, max: 4000 }), fc.constantFrom("x", "9", "画")).map(([key, length, char]) => query({ ...example, [key]: char.repeat(length / (char === "画" ? 9 : 1)) }, "huge")))
    const removable = keys.filter((key) => refusedBySchema(route, Object.fromEntries(Object.entries(example).filter(([name]) => name !== key))))
    if (removable.length > 0) kinds.push(fc.constantFrom(...removable).map((key) => query(Object.fromEntries(Object.entries(example).filter(([name]) => name !== key)), "missing")))
  }
  return fc.oneof(...kinds)
}

/**
 * Bad forms for a multipart route, from its example. No unpaired surrogate can travel in a form: its
 * text is UTF-8 and the server's reader turns bytes that are not into U+FFFD, so that kind is not made.
 */
export const formBadInputs = (route: AnyRoute, example: Record<string, unknown>): fc.Arbitrary<BadInput> => {
  const fields = Object.entries(example) as Array<[string, string | Blob]>
  const asRecord = (form: ReadonlyArray<readonly [string, string | Blob, string?]>) =>
    Object.fromEntries(form.map(([name, value, fileName]) => [name, typeof value === "string" ? value : new File([value], fileName ?? "image.png", { type: value.type })]))
  const form = (entries: ReadonlyArray<readonly [string, string | Blob, string?]>, kind: Kind, code: 400 | 413 = 400, msg?: RegExp): BadInput => ({
    kind,
    form: entries,
    invalid: kind === "nul" || kind === "huge" || refusedBySchema(route, asRecord(entries)),
    code,
    ...(msg ? { msg } : {})
  })
  const base = fields.map(([name, value]) => [name, value, "image.png"] as const)
  const replace = (name: string, value: string | Blob, fileName = "image.png") => base.map((entry) => (entry[0] === name ? ([name, value, fileName] as const) : entry))
  const names = fields.map(([name]) => name)
  return fc.oneof(
    fc.tuple(fc.constantFrom(...names), oddValue).map(([name, value]) => form(replace(name, value), "wrong type")),
    fc.constantFrom(...names).map((name) => form(base.filter(([field]) => field !== name), "missing")),
    fc.tuple(extraKey, oddValue).filter(([key]) => !names.includes(key)).map(([key, value]) => form([...base, [key, value]], "extra")),
    fc.tuple(fc.constantFrom(...names), fc.nat()).map(([name, at]) => {
      const value = example[name]
      return value instanceof Blob
        ? form(replace(name, value, insertInto("image.png", at, "\u0000")), "nul", 400, /含有无效字符$/)
        : form(replace(name, insertInto(String(value), at, "\u0000")), "nul", 400, /含有无效字符$/)
    }),
    fc.constantFrom(...names.filter((name) => example[name] instanceof Blob)).map((name) => form(replace(name, new Blob([new Uint8Array(FORM_LIMIT_BYTES + 1)], { type: "image/png" })), "huge"))
  )
}
