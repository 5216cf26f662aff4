import pg from "pg"
import type { Db } from "./database.js"

/**
 * One fixed SQL statement that hot paths run by name, below drizzle: it is parsed and planned once
 * per connection, not per request, and its result rows are read as they come. On the feed, drizzle's
 * query building and row mapping cost about as much CPU as the database itself.
 *
 * `text` uses $1…$n placeholders, each cast to its type in the text (`$1::bigint`), and `types`
 * names those types in order, as PREPARE needs them. Rows come back alike from both engines: int8
 * columns as JS numbers (PGlite's way; ids and microsecond times stay far below 2^53).
 */
export interface NamedStatement {
  readonly name: string
  readonly text: string
  readonly types: ReadonlyArray<"bigint" | "int" | "float8" | "text" | "timestamptz">
}

export type StatementValue = number | string

/**
 * A named statement failed: its name, with the database's error as the cause. Logs name the statement
 * this way (platform/errorFields.ts) and never show its values.
 */
export class StatementError extends Error {
  constructor(readonly statement: string, cause: unknown) {
    super(`statement ${statement} failed`, { cause })
  }
}

interface PgPool {
  readonly query: (config: pg.QueryConfig<Array<StatementValue>>) => Promise<{ rows: Array<Record<string, unknown>> }>
}

const INT8 = 20
const int8AsNumber: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8 ? Number : pg.types.getTypeParser(oid, format ?? "text")) as pg.CustomTypesConfig["getTypeParser"]
}

interface PgliteClient {
  readonly exec: (sql: string) => Promise<Array<{ rows: Array<Record<string, unknown>> }>>
}

/**
 * A value written as an SQL literal, for PGlite's EXECUTE. Numbers must be finite (integers stay
 * exact); text is quoted the way libpq's PQescapeLiteral does (quotes doubled, E'' with doubled
 * backslashes), so no value can leave its literal.
 */
export const sqlLiteral = (value: StatementValue): string => {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error("a statement value must be a finite number")
    return String(value)
  }
  if (value.includes("\0")) throw new Error("a statement value may not contain NUL")
  const quoted = `'${value.replaceAll("'", "''").replaceAll("\\", "\\\\")}'`
  return value.includes("\\") ? `E${quoted}` : quoted
}

const inParentheses = (items: ReadonlyArray<string>) => (items.length === 0 ? "" : ` (${items.join(", ")})`)

// PGlite is one session: PREPARE once per client (concurrent first calls share the one PREPARE);
// the statements live as long as the session.
const prepared = new WeakMap<object, Map<string, Promise<unknown>>>()

const prepareOnce = (client: PgliteClient, statement: NamedStatement) => {
  let statements = prepared.get(client)
  if (statements === undefined) prepared.set(client, (statements = new Map()))
  let done = statements.get(statement.name)
  if (done === undefined) {
    done = client.exec(`prepare ${statement.name}${inParentheses(statement.types)} as ${statement.text}`)
    statements.set(statement.name, done)
    done.catch(() => statements.delete(statement.name))
  }
  return done
}

const runOnPglite = async (client: PgliteClient, statement: NamedStatement, values: ReadonlyArray<StatementValue>) => {
  await prepareOnce(client, statement)
  // The simple protocol in one round trip: PGlite's parameterised query() costs two, and a plan each time.
  const results = await client.exec(`execute ${statement.name}${inParentheses(values.map(sqlLiteral))}`)
  return results[0]?.rows ?? []
}

const clientOf = (db: Db): { readonly engine: "pglite"; readonly client: PgliteClient } | { readonly engine: "postgres"; readonly client: PgPool } => {
  const client = (db as unknown as { $client?: unknown }).$client
  if (client !== null && typeof client === "object" && typeof (client as Partial<PgliteClient>).exec === "function") {
    return { engine: "pglite", client: client as PgliteClient }
  }
  if (client !== null && typeof client === "object" && typeof (client as Partial<PgPool>).query === "function") {
    return { engine: "postgres", client: client as PgPool }
  }
  throw new Error("namedStatement: the database client is neither a node-postgres pool nor PGlite")
}

/** Which engine is behind `db`: a hot path may shape its statement for it. */
export const engineOf = (db: Db): "pglite" | "postgres" => clientOf(db).engine

/** Runs the statement on the database behind `db` (node-postgres pool or PGlite) and returns its rows. */
export const runNamed = async (db: Db, statement: NamedStatement, values: ReadonlyArray<StatementValue>): Promise<Array<Record<string, unknown>>> => {
  if (values.length !== statement.types.length) throw new Error(`${statement.name} takes ${statement.types.length} values`)
  const target = clientOf(db)
  try {
    if (target.engine === "pglite") return await runOnPglite(target.client, statement, values)
    // node-postgres sends Parse once per connection for a named statement, then only Bind/Execute
    return (await target.client.query({ name: statement.name, text: statement.text, values: [...values], types: int8AsNumber })).rows
  } catch (error) {
    throw new StatementError(statement.name, error)
  }
}
