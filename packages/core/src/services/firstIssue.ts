import { ParseResult } from "effect"

/** The first failing field of a parse error, as a dotted path ("list.0.id"), and its message. */
export const firstIssue = (error: ParseResult.ParseError): { field: string; reason: string } => {
  const [issue] = ParseResult.ArrayFormatter.formatErrorSync(error)
  return { field: issue === undefined || issue.path.length === 0 ? "(root)" : issue.path.join("."), reason: issue?.message ?? "invalid" }
}
