import type { AnyRoute } from "@mido/core"
import type { Context } from "hono"
import { ApiFailure, Codes } from "./failure.js"
import { fieldLabel } from "./inputFailure.js"

/**
 * How deep a request's JSON may nest. The deepest input of the contract (an artwork's SD parameters:
 * body → parameters → models → model → files → file) is 6 levels; anything past this is an attack or a
 * bug, refused before the schema sees it, so no decode or error formatting ever recurses far (R12).
 */
export const MAX_INPUT_DEPTH = 32

/** Whether a text can be stored and shown: no NUL (PostgreSQL text cannot hold it), no unpaired surrogate. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

export const isStorableText = (text: string): boolean => !text.includes("\u0000") && !LONE_SURROGATE.test(text)

const refuse = (msg: string) => new ApiFailure(Codes.badInput, msg)

/**
 * Every value of a request's input, whatever the route: at most MAX_INPUT_DEPTH levels deep, and every
 * text (values, keys, file names) storable. Iterative, so a hostile input cannot exhaust the stack.
 * Throws the refusal (envelope code 400, a Chinese sentence naming the field); returns the input as is.
 */
export const screenInput = (raw: unknown): unknown => {
  const pending: Array<{ readonly value: unknown; readonly path: ReadonlyArray<PropertyKey> }> = [{ value: raw, path: [] }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next
    if (typeof value === "string") {
      if (!isStorableText(value)) throw refuse(`参数${fieldLabel(path)}含有无效字符`)
    } else if (typeof Blob !== "undefined" && value instanceof Blob) {
      if ("name" in value && typeof value.name === "string" && !isStorableText(value.name)) throw refuse(`参数${fieldLabel(path)}的文件名含有无效字符`)
    } else if (value !== null && typeof value === "object") {
      if (path.length >= MAX_INPUT_DEPTH) throw refuse("请求内容嵌套过深")
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) throw refuse(`参数${fieldLabel(path)}含有无效字符`)
        pending.push({ value: item, path: [...path, Array.isArray(value) ? Number(key) : key] })
      }
    }
  }
  return raw
}

/** The query string of a request URL (after `?`, before `#`): what readQuery reads, and the key of a route's kept inputs (queryInputMemo.ts). */
export const queryStringOf = (url: string): string => {
  const start = url.indexOf("?")
  if (start < 0) return ""
  const end = url.indexOf("#", start)
  return url.slice(start + 1, end < 0 ? undefined : end)
}

/**
 * The query string as name → first value, decoded strictly: a `%` sequence that is not UTF-8 is
 * refused instead of being kept as literal text (Hono's reader keeps it), like a JSON body that does
 * not parse.
 */
const readQuery = (url: string): Record<string, string> => {
  const search = queryStringOf(url)
  // a Map, not an object literal: a name like __proto__ must stay a name (and be refused as unknown)
  const query = new Map<string, string>()
  for (const pair of search.split("&")) {
    if (pair === "") continue
    const equals = pair.indexOf("=")
    const [rawName, rawValue] = equals < 0 ? [pair, ""] : [pair.slice(0, equals), pair.slice(equals + 1)]
    let name: string
    let value: string
    try {
      name = decodeURIComponent(rawName.replaceAll("+", " "))
      value = decodeURIComponent(rawValue.replaceAll("+", " "))
    } catch {
      throw refuse("请求参数编码无效")
    }
    if (!query.has(name)) query.set(name, value)
  }
  return Object.fromEntries(query)
}

/**
 * Reads a route's input as the route says (query, JSON, multipart) and screens it (screenInput). The
 * body's size was capped before this (bodyLimit.ts), so reading it whole is bounded.
 */
export const readRouteInput = async (hono: Context, route: AnyRoute): Promise<unknown> => {
  if (route.encoding === "query") return screenInput(readQuery(hono.req.url))
  if (route.encoding === "multipart") {
    const form = await hono.req.parseBody().catch(() => {
      throw refuse("请求格式错误")
    })
    return screenInput(form)
  }
  const text = await hono.req.text()
  if (text.trim() === "") return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw refuse("请求格式错误")
  }
  return screenInput(parsed)
}
