import { execFile } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import type { TestProject } from "vitest/node"
import { openPglite } from "../src/db/database.js"
import { migrate } from "../src/db/migrate.js"

/**
 * Creating a PGlite database costs ~5 s, cloning a dump ~0.5 s (engines.md §1): build one migrated
 * template per run and let every test file clone it.
 */
export default async function setup(project: TestProject) {
  // the server's build and the test harnesses' (ADR 0022), for the tests that start processes, beside
  // the template: built here, outside any test's timeout, and only when a source is newer
  const built = promisify(execFile)(process.execPath, [fileURLToPath(new URL("../build.mjs", import.meta.url)), "--test-harnesses"])
  built.catch(() => undefined) // awaited below; a failure must not end the process before that
  // the PostgreSQL run creates a database per test file instead
  if (process.env.MIDO_TEST_DATABASE_URL) {
    await built
    return
  }
  const directory = mkdtempSync(join(tmpdir(), "mido-template-"))
  const database = await openPglite({})
  await migrate(database)
  const dump = await database.dump!()
  const path = join(directory, "template.tar.gz")
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()))
  await database.close()
  await built
  project.provide("pgliteTemplate", path)
  return () => rmSync(directory, { recursive: true, force: true })
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}
