import { ParseResult } from "effect"

/** A field name the client may see again: the schema's own keys are like this; anything else is not echoed. */
const PLAIN_SEGMENT = /^[A-Za-z_][A-Za-z0-9_-]{0,39}$|^\d{1,6}$/
const MAX_LABEL_LENGTH = 60
/** How much of a refused input's description goes to the log. */
export const MAX_DETAIL_LENGTH = 200

/**
 * The field a refusal names, as its wire path (`nickname`, `models.0.name`), or "" when the path holds
 * anything the client made up (an unknown key with odd characters, a long one): the answer never
 * echoes input beyond a plain name.
 */
export const fieldName = (path: ReadonlyArray<PropertyKey>): string => {
  const segments = path.map((segment) => (typeof segment === "number" ? String(segment) : typeof segment === "string" ? segment : ""))
  if (!segments.every((segment) => PLAIN_SEGMENT.test(segment))) return ""
  const name = segments.join(".")
  return name.length > MAX_LABEL_LENGTH ? "" : name
}

/** The field for a Chinese sentence: " nickname " between words, or nothing. */
export const fieldLabel = (path: ReadonlyArray<PropertyKey>): string => {
  const name = fieldName(path)
  return name === "" ? "" : ` ${name} `
}

const HAS_CHINESE = /[\u4e00-\u9fff]/

export const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text)

export interface InputFailure {
  /** The answer's msg: a short Chinese sentence naming the field. */
  readonly msg: string
  /** For the log: which check failed where, without the value itself, cut. */
  readonly detail: string
}

/**
 * What a request whose input the route's schema refused is told, and what the log keeps. The
 * schema's own Chinese messages (`昵称不能超过 20 个字`) are used as they are; any other issue becomes a
 * sentence naming the field (缺少参数 uid, 参数 uid 格式不正确). Effect's English descriptions carry
 * the schema's internals and echo the value (`actual "…"`): they go to the log only, without the value.
 */
export const inputFailure = (error: ParseResult.ParseError): InputFailure => {
  const [issue] = ParseResult.ArrayFormatter.formatErrorSync(error)
  if (issue === undefined) return { msg: "请求参数格式不正确", detail: "" }
  const name = fieldName(issue.path)
  const described = issue.message.split(", actual ")[0] ?? ""
  const detail = cut(`${issue._tag} at ${cut(issue.path.map(String).join("."), 80) || "(input)"}: ${described}`, MAX_DETAIL_LENGTH)
  if (HAS_CHINESE.test(issue.message)) return { msg: cut(issue.message, MAX_LABEL_LENGTH), detail }
  switch (issue._tag) {
    case "Missing":
      return { msg: name === "" ? "缺少必填参数" : `缺少参数 ${name}`, detail }
    case "Unexpected":
      return { msg: name === "" ? "含有不支持的参数" : `不支持的参数 ${name}`, detail }
    default:
      return { msg: name === "" ? "请求参数格式不正确" : `参数 ${name} 格式不正确`, detail }
  }
}
