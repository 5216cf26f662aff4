import { createHash } from "node:crypto"
import sharp from "sharp"
import { renderArt } from "../src/adapters/engine/offline/offlineRender.js"
import { toolCover } from "../src/seed/commerceSeed.js"
import { DEMO_USERS } from "../src/seed/demoUsers.js"
import { renderAvatar } from "../src/seed/seedAvatars.js"

/**
 * The pictures the server writes with Chinese in them or beside them, rasterised and hashed: run by
 * test/noTofu.test.ts in this process and in a child whose fontconfig has no font at all. Equal hashes
 * mean no font took part, so a host without CJK fonts draws them the same (no tofu boxes).
 */
const digest = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex")

const fromDataUrl = (url: string) => Buffer.from(url.slice(url.indexOf(",") + 1), "base64")

export const renderedHashes = async (): Promise<Record<string, string>> => {
  const hashes: Record<string, string> = {}
  for (const [index, [nickname, bio]] of DEMO_USERS.slice(0, 6).entries()) hashes[`avatar ${nickname}`] = digest(await renderAvatar(index, nickname, bio))
  const cover = fromDataUrl(toolCover("scissors", ["#6366f1", "#a855f7"]))
  hashes["tool cover"] = digest(await sharp(cover).png().toBuffer())
  hashes["offline picture with its 本地演示引擎 caption"] = digest(await renderArt({ prompt: "雾中灯塔", seed: 3, width: 320, height: 320 }))
  return hashes
}

if (process.argv[2] === "--print") process.stdout.write(JSON.stringify(await renderedHashes()))
