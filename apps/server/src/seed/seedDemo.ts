import { sql } from "drizzle-orm"
import sharp from "sharp"
import type { ServerConfig } from "../platform/config.js"
import type { Db } from "../db/database.js"
import { seedArtworks, seedSdModels, seedSocial, type SeedImage } from "./artworkSeed.js"
import { seedCommerce } from "./commerceSeed.js"
import { seedCommunity } from "./communitySeed.js"
import { createMessage } from "../features/messages/messages.js"
import { DEMO_SIZES, renderLandscape } from "./seedImages.js"
import type { ObjectStore } from "../adapters/storage/objectStorePort.js"
import { objectUrl } from "../features/files/storedFiles.js"
import type { Log } from "../platform/log.js"
import { DEMO_USERS } from "./demoUsers.js"
import { seedUsers } from "./seedUsers.js"

const IMAGE_COUNT = 60

const avatarSvg = (index: number, nickname: string) => {
  const hue = (index * 47) % 360
  const letter = [...nickname][0] ?? "米"
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue},70%,68%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,48%)"/></linearGradient></defs>
<rect width="256" height="256" fill="url(#g)"/><text x="128" y="160" font-size="112" text-anchor="middle" fill="#fff"
font-family="Noto Sans CJK SC, Source Han Sans SC, sans-serif">${letter}</text></svg>`
}

/** Stores bytes under seed/<name> (once) and answers the public address. */
const storeSeedFile = async (store: ObjectStore, config: ServerConfig, name: string, bytes: () => Promise<Buffer>) => {
  const key = `seed/${name}`
  if ((await store.head(key)) === undefined) await store.create(key, new Uint8Array(await bytes()))
  return objectUrl(config, key)
}

/**
 * Demo data on the first start (issue 4 "Demo data"): 30 creators, 300 artworks of the four types
 * with pictures rendered here (sharp), likes, follows and their messages, circles, posts, articles,
 * activities, plans, packages and coupons of every kind, the 7 tools. Runs only on an empty database.
 */
export const seedDemo = async (db: Db, config: ServerConfig, store: ObjectStore, log: Log, now = new Date()) => {
  const existing = (await db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: Array<{ n: number }> }
  if ((existing.rows[0]?.n ?? 0) > 0) return false
  const started = Date.now()
  await seedCommerce(db)
  const avatars = await Promise.all(DEMO_USERS.map(([nickname], index) =>
    storeSeedFile(store, config, `avatar-${index}.png`, () => sharp(Buffer.from(avatarSvg(index, nickname))).png().toBuffer())))
  const users = await seedUsers(db, (index) => avatars[index] ?? "", now)
  const images: Array<SeedImage> = []
  for (let index = 0; index < IMAGE_COUNT; index++) {
    const [width, height] = DEMO_SIZES[index % DEMO_SIZES.length]!
    const url = await storeSeedFile(store, config, `art-${index}.jpg`, () => renderLandscape(index * 101 + 7, width, height))
    images.push({ url, width, height })
  }
  await seedSdModels(db, images.slice(0, 8).map((image) => image.url))
  const artworkIds = await seedArtworks(db, { users, images, count: 300, now })
  await seedSocial(db, { users, artworkIds, now })
  await seedCommunity(db, { users, artworks: artworkIds, now })
  for (const uid of users) {
    await createMessage(db, {
      uid,
      type: "system",
      content: {
        title: "欢迎来到米豆AI",
        content: "新人礼包已到账：发布第一篇作品可领取米豆奖励，快去灵感广场看看吧！",
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
  log.info("demo data seeded", { users: users.length, artworks: artworkIds.length, ms: Date.now() - started })
  return true
}

