import sharp from "sharp"
import { iconBody, iconGrid, keepIcons } from "../adapters/engine/offline/subjects/iconSet.js"
import { subjectsOfPrompt } from "../adapters/engine/offline/subjects/subjectTable.js"

/**
 * The demo creators' avatars: an emoji of the Fluent set (ADR 0013) on a soft gradient, drawn from the
 * nickname or the bio (林深见鹿 a deer, 深海鱼 a fish, 甜甜圈 a doughnut), else an animal face in turn.
 * No letters: a letter needs a CJK font on the server, and a host without one draws boxes (rule OE4).
 */
const FACES: ReadonlyArray<string> = [
  "cat-face", "dog-face", "fox", "panda", "tiger-face", "rabbit-face", "bear", "koala", "monkey-face", "hamster",
  "frog", "unicorn", "lion", "pig-face", "cow-face", "mouse-face", "wolf", "owl", "penguin", "baby-chick"
]

/** The icon of a creator's avatar. */
export const avatarIcon = (index: number, nickname: string, bio: string): string => {
  for (const text of [nickname, bio]) {
    const found = subjectsOfPrompt(text)
    const icon = found.icons[0]
    if (!found.fallback && icon !== undefined) return icon
  }
  return FACES[index % FACES.length]!
}

/** The avatar as SVG: no text element, only shapes. */
export const avatarSvg = (index: number, icon: string): string => {
  keepIcons(FACES)
  const hue = (index * 47) % 360
  const body = iconBody(icon) ?? iconBody(FACES[index % FACES.length]!) ?? ""
  const [side, size] = [256, 176]
  const scale = size / iconGrid
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},70%,86%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,68%)"/></linearGradient></defs>` +
    `<rect width="${side}" height="${side}" fill="url(#g)"/><circle cx="128" cy="128" r="104" fill="#fff" fill-opacity=".35"/>` +
    `<g transform="translate(${(side - size) / 2} ${(side - size) / 2}) scale(${scale})">${body}</g></svg>`
}

/** The avatar as PNG bytes. */
export const renderAvatar = (index: number, nickname: string, bio: string): Promise<Buffer> =>
  sharp(Buffer.from(avatarSvg(index, avatarIcon(index, nickname, bio)))).png().toBuffer()
