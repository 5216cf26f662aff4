import { readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { sql } from "drizzle-orm"
import type { Database } from "./database.js"

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url))
/** Any constant: every server process takes the same advisory lock while it migrates. */
const MIGRATION_LOCK = 720_417

/** The migration files in the order they apply: NNNN_name.sql, sorted by name. */
export const migrationFiles = (): ReadonlyArray<string> =>
  readdirSync(MIGRATIONS_DIR).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort()

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`

/**
 * Applies the SQL migrations not yet applied, each in its own transaction, under an advisory lock so
 * that several processes starting together on one PostgreSQL migrate once (docs/deploy.md). All of it
 * runs on one connection: the session-level lock is released by the session that took it, and a
 * failed migration is rolled back where it ran. Migrations are exempt from the statement budget (R40):
 * rebuilding a large table may take minutes.
 */
export const migrate = async (database: Database): Promise<ReadonlyArray<string>> =>
  database.session(async (exec) => {
    // the lock comes first: two sessions creating the table at once collide even with "if not exists"
    await exec(`set statement_timeout = 0; select pg_advisory_lock(${MIGRATION_LOCK});`)
    try {
      await exec(`
        create table if not exists mido_migrations (
          name text primary key,
          applied_at timestamptz not null default now()
        );`)
      // read after the lock: another process may have applied some while this one waited
      const applied = new Set((await appliedMigrations(database)).map((row) => row.name))
      const done: Array<string> = []
      for (const name of migrationFiles()) {
        if (applied.has(name)) continue
        const body = readFileSync(`${MIGRATIONS_DIR}${name}`, "utf8")
        try {
          await exec(`begin;\n${body}\ninsert into mido_migrations (name) values (${quote(name)});\ncommit;`)
        } catch (error) {
          await exec("rollback;").catch(() => undefined)
          throw new Error(`migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`)
        }
        done.push(name)
      }
      return done
    } finally {
      await exec(`select pg_advisory_unlock(${MIGRATION_LOCK}); reset statement_timeout;`)
    }
  })

const appliedMigrations = async (database: Database) =>
  ((await database.db.execute(sql`select name from mido_migrations`)) as unknown as { rows: Array<{ name: string }> }).rows
