import { sql } from "drizzle-orm"
import type { ServerConfig } from "../platform/config.js"
import type { Db } from "../db/database.js"
import { seedArtworks, seedSdModels, seedSocial } from "./artworkSeed.js"
import { seedCatalogue, seedDemoConfig, seedDemoCoupons } from "./commerceSeed.js"
import { seedCommunity } from "./communitySeed.js"
import { createMessage } from "../features/messages/messages.js"
import type { ObjectStore } from "../adapters/storage/objectStorePort.js"
import type { Log } from "../platform/log.js"
import { DEMO_USERS } from "./demoUsers.js"
import { type DemoPictures, storeDemoPictures } from "./seedPictures.js"
import { seedUsers } from "./seedUsers.js"

/** Any constant: processes starting together on one PostgreSQL take it while they seed (migrate.ts has its own). */
const DEMO_SEED_LOCK = 720_418

/** The steps of the demo's rows, in order (the crash hook names one). */
export const SEED_STEPS = ["catalogue", "users", "artworks", "social", "community", "messages"] as const
export type SeedStep = (typeof SEED_STEPS)[number]

export interface SeedDemoOptions {
  readonly now?: Date
  /**
   * Test hook (test/seedCrash.test.ts): on reaching this step the process kills itself with SIGKILL,
   * a crash at a point the test chooses. Ignored in production; readConfig never sets it.
   */
  readonly crashAt?: SeedStep
}

const hasUsers = async (db: Db): Promise<boolean> => {
  const existing = (await db.execute(sql`select exists (select 1 from users) as found`)) as unknown as { rows: Array<{ found: boolean }> }
  return existing.rows[0]?.found === true
}

/** The seeded creators' welcome: unlike a sign-up's, it promises no grant (they received no beans). */
export const DEMO_WELCOME = "发布第一篇作品可领取米豆奖励，快去灵感广场看看吧！"

/** The demo's rows: catalogue, coupons, creators, artworks, likes and follows, community, messages. */
const insertDemoRows = async (db: Db, pictures: DemoPictures, now: Date, reach: (step: SeedStep) => void) => {
  const { avatars, images, covers } = pictures
  reach("catalogue")
  await seedCatalogue(db)
  await seedDemoCoupons(db)
  await seedDemoConfig(db)
  reach("users")
  const users = await seedUsers(db, (index) => avatars[index] ?? "", now)
  reach("artworks")
  await seedSdModels(db, images.slice(0, 8).map((image) => image.url))
  const artworkIds = await seedArtworks(db, { users, images, count: 300, now })
  reach("social")
  await seedSocial(db, { users, artworkIds, now })
  reach("community")
  await seedCommunity(db, { users, artworks: artworkIds, now, covers })
  reach("messages")
  for (const uid of users) {
    await createMessage(db, {
      uid,
      type: "system",
      content: {
        title: "欢迎来到米豆AI",
        // the seeded creators got no sign-up grant, so their welcome claims none
        content: DEMO_WELCOME,
        jump_url: "/list"
      }
    })
  }
  // a few @mentions so every tab of the message drawer has something (spec §2: system, like, follow, mention)
  for (let index = 1; index < Math.min(users.length, 6); index++) {
    const [nickname] = DEMO_USERS[index] ?? ["米豆用户"]
    await createMessage(db, {
      uid: users[0]!,
      type: "mention",
      content: {
        title: `${nickname} 在评论中提到了你`,
        content: "@星河画师 这张的光影太绝了，求参数！",
        user_uid: String(users[index]),
        user_name: nickname,
        user_head: avatars[index] ?? "",
        jump_url: "/community"
      }
    })
  }
  return { users: users.length, artworks: artworkIds.length }
}

/**
 * Demo data on the first start (issue 4 "Demo data"): 30 creators, 300 artworks of the four types
 * with pictures rendered here (sharp), likes, follows and their messages, circles, posts, articles,
 * activities, the catalogue and coupons of every kind. Runs only on a database without users, in one
 * transaction (all of it or nothing, R41's "money writes only in transactions" extended to the whole
 * first start); answers whether it seeded.
 */
export const seedDemo = async (db: Db, config: ServerConfig, store: ObjectStore, log: Log, options: SeedDemoOptions = {}): Promise<boolean> => {
  if (await hasUsers(db)) return false
  const started = Date.now()
  let drawnMs = 0
  const reach = (step: SeedStep) => {
    if (options.crashAt === step && !config.production) process.kill(process.pid, "SIGKILL")
  }
  // files first, outside the transaction: each key is written whole or not at all, and a rerun reuses them
  const pictures = await storeDemoPictures(store, config)
  drawnMs = Date.now() - started
  // the rows in ONE transaction: a crash (kill -9, a lost connection) leaves none of them, so the next
  // start finds no users and seeds again; the lock makes processes starting together seed once
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK})`)
    if (await hasUsers(tx)) return undefined
    return insertDemoRows(tx, pictures, options.now ?? new Date(), reach)
  })
  if (seeded === undefined) return false
  log.info("demo data seeded", { ...seeded, ms: Date.now() - started, picturesMs: drawnMs })
  return true
}
