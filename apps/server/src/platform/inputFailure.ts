import { Option, type ParseResult, SchemaAST } from "effect"

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
  /** For the log: which check failed where and what it expected, without the value, cut. */
  readonly detail: string
}

/** A message the schema's author wrote (a `message` annotation), never one Effect composed from the value. */
const annotated = (ast: SchemaAST.AST, issue: ParseResult.ParseIssue): string | undefined => {
  const annotation = SchemaAST.getMessageAnnotation(ast)
  if (Option.isNone(annotation)) return undefined
  const made = annotation.value(issue)
  const text = typeof made === "string" ? made : "message" in made && typeof made.message === "string" ? made.message : undefined
  return text !== undefined && HAS_CHINESE.test(text) ? text : undefined
}

interface Leaf {
  readonly issue: ParseResult.ParseIssue
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string | undefined
}

/**
 * The first failure in the issue tree, walked as Effect's formatters walk it, with the path to it and
 * the author's message on the way, if any. Effect's own texts are never taken: they show the schema's
 * internals and quote the value (`Unable to decode "…" into a number`). A filter's returned text
 * (`请输入提示词`) is the author's too: a Type issue on a refinement.
 */
const firstLeaf = (issue: ParseResult.ParseIssue, path: ReadonlyArray<PropertyKey>): Leaf => {
  switch (issue._tag) {
    case "Pointer":
      return firstLeaf(issue.issue, [...path, ...(Array.isArray(issue.path) ? issue.path : [issue.path as PropertyKey])])
    case "Composite":
      return firstLeaf(Array.isArray(issue.issues) ? (issue.issues[0] as ParseResult.ParseIssue) : (issue.issues as ParseResult.ParseIssue), path)
    case "Refinement": {
      const own = issue.kind === "Predicate" ? annotated(issue.ast, issue) : undefined
      return own === undefined ? firstLeaf(issue.issue, path) : { issue, path, message: own }
    }
    case "Transformation": {
      const own = issue.kind === "Transformation" ? annotated(issue.ast, issue) : undefined
      return own === undefined ? firstLeaf(issue.issue, path) : { issue, path, message: own }
    }
    case "Type": {
      const filtered = SchemaAST.isRefinement(issue.ast) && issue.message !== undefined && HAS_CHINESE.test(issue.message) ? issue.message : undefined
      return { issue, path, message: annotated(issue.ast, issue) ?? filtered }
    }
    case "Missing": {
      const missing = SchemaAST.getMissingMessageAnnotation(issue.ast)
      const text = Option.isSome(missing) ? missing.value() : undefined
      return { issue, path, message: typeof text === "string" && HAS_CHINESE.test(text) ? text : undefined }
    }
    case "Unexpected":
    case "Forbidden":
      return { issue, path, message: undefined }
  }
}

const expectedOf = (issue: ParseResult.ParseIssue) => ("ast" in issue ? `expected ${String(issue.ast)}` : issue._tag === "Unexpected" ? "an unknown field" : "")

/**
 * What a request whose input the route's schema refused is told, and what the log keeps. The
 * schema's own Chinese messages (`昵称不能超过 20 个字`) are used as they are; any other issue becomes a
 * sentence naming the field (缺少参数 uid, 参数 uid 格式不正确). The log gets the check and what it
 * expected (schema text), never the value.
 */
export const inputFailure = (error: ParseResult.ParseError): InputFailure => {
  const { issue, path, message } = firstLeaf(error.issue, [])
  const name = fieldName(path)
  const detail = cut(`${issue._tag} at ${cut(path.map(String).join("."), 80) || "(input)"}: ${expectedOf(issue)}`, MAX_DETAIL_LENGTH)
  if (message !== undefined) return { msg: cut(message, MAX_LABEL_LENGTH), detail }
  switch (issue._tag) {
    case "Missing":
      return { msg: name === "" ? "缺少必填参数" : `缺少参数 ${name}`, detail }
    case "Unexpected":
      return { msg: name === "" ? "含有不支持的参数" : `不支持的参数 ${name}`, detail }
    default:
      return { msg: name === "" ? "请求参数格式不正确" : `参数 ${name} 格式不正确`, detail }
  }
}
