import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { TestProject } from "vitest/node"
import { openPglite } from "../src/db/database.js"
import { migrate } from "../src/db/migrate.js"

/**
 * Creating a PGlite database costs ~5 s, cloning a dump ~0.5 s (engines.md §1): build one migrated
 * template per run and let every test file clone it.
 */
export default async function setup(project: TestProject) {
  // the PostgreSQL run creates a database per test file instead
  if (process.env.MIDO_TEST_DATABASE_URL) return
  const directory = mkdtempSync(join(tmpdir(), "mido-template-"))
  const database = await openPglite({})
  await migrate(database)
  const dump = await database.dump!()
  const path = join(directory, "template.tar.gz")
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()))
  await database.close()
  project.provide("pgliteTemplate", path)
  return () => rmSync(directory, { recursive: true, force: true })
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}
