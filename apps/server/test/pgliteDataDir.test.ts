import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sql } from "drizzle-orm"
import { describe, expect, it } from "vitest"
import { openPglite } from "../src/db/database.js"

/** PGlite only (the PostgreSQL run leaves it out, test/runOnPostgres.mjs): the embedded database's folder on a fresh host. */
describe("the embedded database's folder", () => {
  it("PGlite opens a DATA_DIR whose parent folders do not exist yet (a fresh host's /var/lib/mido/data)", async () => {
    const root = await mkdtemp(join(tmpdir(), "mido-datadir-"))
    const database = await openPglite({ dataDir: join(root, "var", "lib", "mido", "data") })
    try {
      expect(((await database.db.execute(sql`select 1 as one`)) as unknown as { rows: Array<{ one: number }> }).rows).toEqual([{ one: 1 }])
    } finally {
      await database.close()
      await rm(root, { recursive: true, force: true })
    }
  })
})
