/**
 * R38 (ASVS 16.2.5, 16.5.1): what a log line may say about an error. Database errors are logged by the
 * statement's name and the database's own error (SQLSTATE, table, column, constraint, message with
 * every quoted value blanked), never with the statement's parameters or the row's values: drizzle's
 * error message is the whole query followed by `params: <user text, ids…>`, PGlite's carries them as
 * `params` and PostgreSQL's `detail` quotes the failing row. Other errors keep their name, message and
 * stack frames (code locations only).
 */
import { StatementError } from "../db/namedStatement.js"


const MAX_MESSAGE_LENGTH = 300
const MAX_FRAMES = 8

interface DatabaseErrorShape {
  readonly code: string
  readonly message: string
  readonly table?: unknown
  readonly column?: unknown
  readonly constraint?: unknown
  readonly routine?: unknown
}

const SQLSTATE = /^[0-9A-Z]{5}$/

const isDatabaseError = (value: unknown): value is DatabaseErrorShape => {
  const code = value instanceof Error ? (value as { code?: unknown }).code : undefined
  return typeof code === "string" && SQLSTATE.test(code)
}

/** The chain of causes, outermost first (bounded: a cycle cannot hang the log). */
const causes = (error: unknown): Array<unknown> => {
  const chain: Array<unknown> = []
  for (let current = error; current !== undefined && current !== null && chain.length < 6; current = (current as { cause?: unknown }).cause) {
    chain.push(current)
    if (typeof current !== "object") break
  }
  return chain
}

/** "update users", "insert artwork_groups", "select circles": what a drizzle query does, from its text (no values: they are $n). */
export const statementName = (sql: string): string => {
  const write = /^\s*(insert\s+into|update|delete\s+from)\s+"?([\w.]+)"?/i.exec(sql)
  if (write !== null) return `${write[1]!.split(/\s+/)[0]!.toLowerCase()} ${write[2]}`
  const read = /^\s*select\b[\s\S]*?\bfrom\s+"?([\w.]+)"?/i.exec(sql)
  if (read !== null) return `select ${read[1]}`
  return (/^\s*(\w+)/.exec(sql)?.[1] ?? "query").toLowerCase()
}

/** PostgreSQL quotes values ("abc", "13800000000") and names alike; both are blanked, the names are logged apart. */
const blankQuoted = (message: string) => message.replace(/"[^"]*"/g, '"…"').replace(/'[^']*'/g, "'…'")

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text)

const framesOf = (error: unknown): string | undefined => {
  if (!(error instanceof Error) || error.stack === undefined) return undefined
  // the frames only: the header is the message, which may hold values (and a value may look like a frame)
  const header = String(error)
  if (!error.stack.startsWith(header)) return undefined
  const frames = error.stack
    .slice(header.length)
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_FRAMES)
  return frames.length === 0 ? undefined : frames.map((line) => line.trim()).join("\n")
}

/** What went wrong below drizzle when the database did not answer (a dropped connection, a timeout): no values there. */
const innerDescription = (drizzle: unknown) => {
  const inner = (drizzle as { cause?: unknown } | undefined)?.cause
  return inner instanceof Error ? `${inner.name}: ${inner.message}` : "database error"
}

const nameOf = (value: unknown) => (typeof value === "string" && /^[\w.$]{1,63}$/.test(value) ? value : undefined)

/**
 * Fields for a log line about `error`: `error` (a safe description), and for a database error
 * `statement`, `sqlstate` and the names involved; `stack` holds code locations only.
 */
export const errorFields = (error: unknown): Record<string, string> => {
  const chain = causes(error)
  const database = chain.find(isDatabaseError)
  const drizzle = chain.find((item): item is { query: string } => item instanceof Error && typeof (item as { query?: unknown }).query === "string" && "params" in item)
  const named = chain.find((item): item is StatementError => item instanceof StatementError)
  const stack = framesOf(error)
  if (database === undefined && drizzle === undefined && named === undefined) {
    const description = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return { error: cut(description, MAX_MESSAGE_LENGTH), ...(stack === undefined ? {} : { stack }) }
  }
  const fields: Record<string, string> = {
    statement: named?.statement ?? (drizzle === undefined ? "unknown" : statementName(drizzle.query)),
    error: cut(database === undefined ? innerDescription(drizzle) : blankQuoted(database.message), MAX_MESSAGE_LENGTH)
  }
  if (database !== undefined) {
    fields.sqlstate = database.code
    for (const key of ["table", "column", "constraint", "routine"] as const) {
      const name = nameOf(database[key])
      if (name !== undefined) fields[key] = name
    }
  }
  if (stack !== undefined) fields.stack = stack
  return fields
}

/** The SQLSTATE behind `error`, when a database refused the statement. */
export const sqlstateOf = (error: unknown): string | undefined => causes(error).find(isDatabaseError)?.code

/**
 * One line about `error` to keep (a job's last_error, a log field): the message of an ordinary error,
 * and for a database error the statement and the database's message, values blanked (errorFields).
 */
export const errorMessage = (error: unknown): string => {
  const fields = errorFields(error)
  if (fields.statement !== undefined) return `${fields.statement}: ${fields.error}`
  return error instanceof Error ? cut(error.message || error.name, MAX_MESSAGE_LENGTH) : cut(String(error), MAX_MESSAGE_LENGTH)
}
