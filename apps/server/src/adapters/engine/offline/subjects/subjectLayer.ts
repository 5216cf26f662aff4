import { fmt, type Paint } from "../paint.js"
import type { CompositionName } from "../promptPalette.js"
import type { Treatment } from "../renderStyle.js"
import type { SeededRandom } from "../seededRandom.js"
import { iconBody, iconGrid } from "./iconSet.js"

/**
 * The prompt's subjects as SVG over the background (rule OE2): the main one large near the middle (a
 * little lower where the composition has ground: mountains, waves), the others smaller in free corners,
 * never over the 本地演示引擎 caption; places, sizes and mirroring from the seed. The style's treatment
 * is drawn in the same SVG, so it costs no extra raster pass: an ink or anime outline, a neon glow, a
 * watercolour's translucency; ink's greys, oil's dabs and pixel's blocks come from the renderer.
 */
export interface PlacedSubject {
  readonly icon: string
  readonly cx: number
  readonly cy: number
  readonly size: number
  readonly flip: boolean
}

/** Corners and edges the smaller subjects may take, as fractions of the width and height. */
const slots: ReadonlyArray<readonly [number, number]> = [[0.2, 0.22], [0.8, 0.2], [0.18, 0.78], [0.84, 0.5], [0.15, 0.5], [0.5, 0.14]]

const grounded: ReadonlySet<CompositionName> = new Set(["mountains", "waves"])

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/** Where each subject goes on a width × height picture (the first is the main one). */
export const placeSubjects = (icons: ReadonlyArray<string>, width: number, height: number, composition: CompositionName, rng: SeededRandom): PlacedSubject[] => {
  if (icons.length === 0) return []
  const side = Math.min(width, height)
  const margin = side * 0.04
  const alone = icons.length === 1
  const mainSize = side * rng.between(alone ? 0.58 : 0.5, alone ? 0.68 : 0.58)
  const [low, high] = grounded.has(composition) ? [0.5, 0.6] : [0.42, 0.56]
  const inside = (value: number, size: number, span: number) => clamp(value, size / 2 + margin, span - size / 2 - margin)
  const main: PlacedSubject = {
    icon: icons[0] ?? "sparkles",
    cx: inside(width * rng.between(0.36, 0.64), mainSize, width),
    cy: inside(height * rng.between(low, high), mainSize, height),
    size: mainSize,
    flip: rng.next() < 0.5
  }
  const order = slots.map((slot) => ({ slot, key: rng.next() })).sort((a, b) => a.key - b.key).map(({ slot }) => slot)
  const placed: PlacedSubject[] = [main]
  for (const [index, icon] of icons.slice(1).entries()) {
    const size = side * (index === 0 ? rng.between(0.2, 0.27) : rng.between(0.16, 0.22))
    const fits = ([fx, fy]: readonly [number, number]) => {
      const [x, y] = [inside(width * fx, size, width), inside(height * fy, size, height)]
      const underCaption = x + size / 2 > width * 0.7 && y + size / 2 > height * 0.86
      return !underCaption && placed.every((other) => Math.hypot(other.cx - x, other.cy - y) > (other.size + size) * 0.4)
    }
    const slot = order.find(fits) ?? order[index] ?? [0.2, 0.2]
    order.splice(order.indexOf(slot), 1)
    placed.push({ icon, cx: inside(width * slot[0], size, width), cy: inside(height * slot[1], size, height), size, flip: rng.next() < 0.5 })
  }
  return placed
}

/** The body with its ids (gradients, clips) made unique to this copy, so two copies never share one. */
const ownIds = (body: string, prefix: string) =>
  body.replace(/id="([^"]+)"/g, `id="${prefix}$1"`).replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`).replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`)

/** A silhouette style: every shape of the copy in one colour, stroked `width` grid units wide. */
const silhouetteRule = (name: string, colour: string, width: number, opacity = 1) =>
  `.${name} *{fill:${colour} !important;stroke:${colour} !important;stroke-width:${width}px !important;stroke-linejoin:round;stroke-opacity:1 !important;fill-opacity:1 !important}.${name}{opacity:${opacity}}`

/** The SVG markup of the placed subjects, treated for the style. */
export const subjectsSvg = (placed: ReadonlyArray<PlacedSubject>, treatment: Treatment, paint: Paint): string => {
  const glow = paint.colour(0, 62, 1, 1.2)
  const rules = [
    silhouetteRule("so", treatment === "ink" ? "#1c1c1c" : "#241f33", treatment === "ink" ? 1.1 : 1.3),
    silhouetteRule("sg1", glow, 3.2, 0.22),
    silhouetteRule("sg2", glow, 1.6, 0.45),
    // light, not matter: a translucent part (the lighthouse's beams) gets no outline and no glow
    ".so .beam,.sg1 .beam,.sg2 .beam{display:none !important}"
  ]
  const parts: string[] = []
  const shadowId = paint.id("sh")
  parts.push(`<defs><style>${rules.join("")}</style><radialGradient id="${shadowId}"><stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>`)
  const opacity = treatment === "watercolour" ? ` opacity="0.8"` : treatment === "neon" ? ` opacity="0.85"` : ""
  for (const [index, subject] of placed.entries()) {
    const body = iconBody(subject.icon)
    if (body === undefined) continue
    const scale = subject.size / iconGrid
    const left = subject.cx - subject.size / 2
    const top = subject.cy - subject.size / 2
    const transform = subject.flip ? `translate(${fmt(left + subject.size)} ${fmt(top)}) scale(${(-scale).toFixed(3)} ${scale.toFixed(3)})` : `translate(${fmt(left)} ${fmt(top)}) scale(${scale.toFixed(3)})`
    if (treatment !== "neon" && treatment !== "pixel") {
      const [rx, ry] = [subject.size * 0.36, subject.size * 0.07]
      parts.push(`<ellipse cx="${fmt(subject.cx)}" cy="${fmt(top + subject.size * 0.93)}" rx="${fmt(rx)}" ry="${fmt(ry)}" fill="url(#${shadowId})"/>`)
    }
    const copy = (name: string, suffix: string) => `<g class="${name}" transform="${transform}">${ownIds(body, `s${index}${suffix}-`)}</g>`
    if (treatment === "neon") parts.push(copy("sg1", "a"), copy("sg2", "b"))
    if (treatment === "anime" || treatment === "ink") parts.push(copy("so", "o"))
    parts.push(`<g transform="${transform}"${opacity}>${ownIds(body, `s${index}-`)}</g>`)
  }
  return parts.join("")
}
