import { type CompositionName } from "./promptPalette.js"
import { fmt, linearThrough, type Paint, radialFade } from "./paint.js"

/**
 * The five procedural compositions. Each returns SVG markup (defs and shapes) for a width × height
 * canvas; the renderer wraps and rasterises it. They avoid SVG filters (slow in librsvg): softness
 * comes from radial gradients that fade to transparent.
 */
export type Composition = (paint: Paint) => string

const svgOf = (defs: ReadonlyArray<string>, shapes: ReadonlyArray<string>) => `<defs>${defs.join("")}</defs>${shapes.join("")}`

const background = (paint: Paint, defs: string[], lights: ReadonlyArray<number>, angle: number) => {
  const id = linearThrough(paint, defs, lights.map((light, i) => paint.colour(i, light, 1, 0.75)), angle)
  return `<rect width="${paint.width}" height="${paint.height}" fill="url(#${id})"/>`
}

/** Layered gradients: a deep sweeping background, large soft ellipses, ribbons of light and streaks. */
const gradients: Composition = (paint) => {
  const { rng, width, height, side } = paint
  const defs: string[] = []
  const shapes = [background(paint, defs, [86, 56, 28], rng.between(0, 180))]
  for (let i = 0; i < 5; i++) {
    const id = radialFade(paint, defs, paint.colour(i, rng.between(35, 80), 0.85), undefined, 0.45)
    const [cx, cy] = [rng.between(0, width), rng.between(0, height)]
    const [rx, ry] = [side * rng.between(0.25, 0.6), side * rng.between(0.12, 0.35)]
    shapes.push(`<ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="${fmt(rx)}" ry="${fmt(ry)}" fill="url(#${id})" transform="rotate(${fmt(rng.between(-60, 60))} ${fmt(cx)} ${fmt(cy)})"/>`)
  }
  for (let i = 0; i < 3; i++) {
    const [y0, y1] = [rng.between(0.1, 0.9) * height, rng.between(0.1, 0.9) * height]
    const bend = () => fmt(rng.between(-0.3, 1.3) * height)
    const d = `M${fmt(-0.1 * width)} ${fmt(y0)} C${fmt(width * 0.35)} ${bend()} ${fmt(width * 0.65)} ${bend()} ${fmt(width * 1.1)} ${fmt(y1)}`
    const tone = paint.colour(i + 1, rng.between(70, 90), 0.28)
    shapes.push(`<path d="${d}" fill="none" stroke="${tone}" stroke-width="${fmt(side * rng.between(0.06, 0.16))}" stroke-linecap="round"/>`)
    shapes.push(`<path d="${d}" fill="none" stroke="rgba(255,255,255,0.35)" stroke-width="${fmt(side * 0.004)}"/>`)
  }
  const streak = linearThrough(paint, defs, ["rgba(255,255,255,0)", "rgba(255,255,255,0.22)", "rgba(255,255,255,0)"], 0)
  for (let i = 0; i < 3; i++) {
    const x = rng.between(-0.2, 1) * width
    shapes.push(`<rect x="${fmt(x)}" y="${fmt(-height)}" width="${fmt(side * rng.between(0.04, 0.16))}" height="${fmt(height * 3)}" fill="url(#${streak})" transform="rotate(${fmt(rng.between(20, 40))} ${fmt(x)} 0)"/>`)
  }
  return svgOf(defs, shapes)
}

/** Soft blobs that melt into one another like metaballs, with small highlights. */
const blobs: Composition = (paint) => {
  const { rng, width, height, side } = paint
  const defs: string[] = []
  const glow = radialFade(paint, defs, paint.colour(0, 86, 1, 0.6), paint.colour(1, 66, 1, 0.6))
  const shapes = [`<rect width="${width}" height="${height}" fill="url(#${glow})"/>`]
  const count = 8 + rng.index(7)
  for (let i = 0; i < count; i++) {
    const id = radialFade(paint, defs, paint.colour(i, rng.between(35, 75)), undefined, 0.55)
    shapes.push(`<circle cx="${fmt(rng.between(0, width))}" cy="${fmt(rng.between(0, height))}" r="${fmt(side * rng.between(0.12, 0.36))}" fill="url(#${id})"/>`)
  }
  for (let i = 0; i < 6; i++) {
    const id = radialFade(paint, defs, "rgba(255,255,255,0.55)")
    shapes.push(`<circle cx="${fmt(rng.between(0, width))}" cy="${fmt(rng.between(0, height))}" r="${fmt(side * rng.between(0.02, 0.07))}" fill="url(#${id})"/>`)
  }
  return svgOf(defs, shapes)
}

/** Layered waves (or, one time in three, tilted stripes), lighter at the back. */
const waves: Composition = (paint) => {
  const { rng, width, height, side } = paint
  const defs: string[] = []
  const shapes = [background(paint, defs, [88, 72, 60], 90)]
  const tilted = rng.next() < 0.33
  const layers = 6 + rng.index(4)
  const group: string[] = []
  const [x0, x1] = tilted ? [-width, width * 2] : [0, width]
  for (let k = 0; k < layers; k++) {
    const y = height * (0.28 + (0.72 * k) / layers)
    const amplitude = side * (tilted ? 0.02 : rng.between(0.03, 0.09))
    const period = (x1 - x0) / (2 + rng.index(3))
    let d = `M${fmt(x0)} ${fmt(y)}`
    for (let x = x0; x < x1; x += period) {
      const lift = amplitude * (rng.next() < 0.5 ? 1 : -1)
      d += ` C${fmt(x + period / 3)} ${fmt(y - lift)} ${fmt(x + (2 * period) / 3)} ${fmt(y + lift)} ${fmt(x + period)} ${fmt(y)}`
    }
    const light = 72 - (50 * k) / layers
    group.push(`<path d="${d} L${fmt(x1)} ${fmt(height * 2)} L${fmt(x0)} ${fmt(height * 2)} Z" fill="${paint.colour(k, light)}"/>`)
    group.push(`<path d="${d}" fill="none" stroke="${paint.colour(k + 1, light + 18, 0.45)}" stroke-width="${fmt(side * 0.004)}"/>`)
  }
  shapes.push(tilted ? `<g transform="rotate(${fmt(rng.between(-30, -12))} ${width / 2} ${height / 2})">${group.join("")}</g>` : group.join(""))
  return svgOf(defs, shapes)
}

/** A ridge line by midpoint displacement: `roughness` of the height, halving each octave. */
const ridge = (paint: Paint, baseY: number, roughness: number): string => {
  const { rng, width } = paint
  let heights = [baseY - rng.between(0, roughness), baseY - rng.between(0, roughness)]
  let spread = roughness
  for (let octave = 0; octave < 6; octave++) {
    const next: number[] = []
    heights.forEach((h, i) => {
      next.push(h)
      const after = heights[i + 1]
      if (after !== undefined) next.push((h + after) / 2 + rng.between(-spread, spread))
    })
    heights = next
    spread *= 0.52
  }
  const step = width / (heights.length - 1)
  return heights.map((h, i) => `${i === 0 ? "M" : "L"}${fmt(i * step)} ${fmt(h)}`).join(" ")
}

/** Mountain ridges fading into haze under a sky with a glowing sun or moon. */
const mountains: Composition = (paint) => {
  const { rng, width, height, side } = paint
  const defs: string[] = []
  const shapes = [background(paint, defs, [70, 84, 92], 90)]
  const sun = radialFade(paint, defs, paint.colour(2, 95))
  const [sx, sy] = [rng.between(0.15, 0.85) * width, rng.between(0.12, 0.35) * height]
  shapes.push(`<circle cx="${fmt(sx)}" cy="${fmt(sy)}" r="${fmt(side * 0.3)}" fill="url(#${sun})"/>`)
  shapes.push(`<circle cx="${fmt(sx)}" cy="${fmt(sy)}" r="${fmt(side * rng.between(0.05, 0.09))}" fill="${paint.colour(2, 96, 0.9)}"/>`)
  const haze = linearThrough(paint, defs, ["rgba(255,255,255,0)", "rgba(255,255,255,0.28)"], 90)
  const ridges = 4 + rng.index(2)
  for (let k = 0; k < ridges; k++) {
    const baseY = height * (0.42 + (0.5 * k) / ridges)
    const d = ridge(paint, baseY, side * (0.2 - k * 0.025))
    shapes.push(`<path d="${d} L${width} ${height} L0 ${height} Z" fill="${paint.colour(k % 2 === 0 ? 0 : 1, 62 - k * 12)}"/>`)
    if (k < ridges - 1) shapes.push(`<rect y="${fmt(baseY - side * 0.1)}" width="${width}" height="${fmt(side * 0.25)}" fill="url(#${haze})"/>`)
  }
  return svgOf(defs, shapes)
}

/** Out-of-focus lights on a deep background: big glows, then discs with brighter rims. */
const bokeh: Composition = (paint) => {
  const { rng, width, height, side } = paint
  const defs: string[] = []
  const deep = paint.dark ? [88, 80, 84] : [30, 20, 26]
  const shapes = [background(paint, defs, deep, rng.between(45, 135))]
  for (let i = 0; i < 3; i++) {
    const id = radialFade(paint, defs, paint.colour(i, paint.dark ? 40 : 55, 0.6))
    shapes.push(`<circle cx="${fmt(rng.between(0, width))}" cy="${fmt(rng.between(0, height))}" r="${fmt(side * rng.between(0.35, 0.6))}" fill="url(#${id})"/>`)
  }
  const discs = [0, 1, 2].map((i) => {
    const id = paint.id("d")
    const [inner, rim] = [paint.colour(i, paint.dark ? 30 : 70, 0.35), paint.colour(i, paint.dark ? 20 : 80, 0.8)]
    defs.push(`<radialGradient id="${id}"><stop offset="0.6" stop-color="${inner}"/><stop offset="0.95" stop-color="${rim}"/><stop offset="1" stop-color="${rim}" stop-opacity="0"/></radialGradient>`)
    return id
  })
  const count = 36 + rng.index(30)
  for (let i = 0; i < count; i++) {
    const r = side * rng.between(0.012, 0.075) * (rng.next() < 0.15 ? 1.8 : 1)
    shapes.push(`<circle cx="${fmt(rng.between(0, width))}" cy="${fmt(rng.between(0, height))}" r="${fmt(r)}" fill="url(#${rng.pick(discs)})" opacity="${rng.between(0.35, 1).toFixed(2)}"/>`)
  }
  return svgOf(defs, shapes)
}

export const compositionsByName: Readonly<Record<CompositionName, Composition>> = { gradients, blobs, waves, mountains, bokeh }

/** The colour under a point of the composition, as RGB 0–255 (read from a small rasterised copy). */
export type ColourAt = (x: number, y: number) => readonly [number, number, number]

/** Short strokes that pick up the colour beneath them, laid over a composition for a painted look. */
export const brushDabs = (paint: Paint, count: number, colourAt: ColourAt): string => {
  const { rng, width, height, side } = paint
  const strokes: string[] = []
  const angle = rng.between(0, Math.PI)
  for (let i = 0; i < count; i++) {
    const [x, y] = [rng.between(0, width), rng.between(0, height)]
    const turn = angle + rng.between(-0.6, 0.6)
    const length = side * rng.between(0.02, 0.06)
    const [dx, dy] = [Math.cos(turn) * length, Math.sin(turn) * length]
    const shade = rng.between(0.82, 1.18)
    const [r, g, b] = colourAt(x, y).map((c) => Math.min(255, Math.round(c * shade)))
    strokes.push(
      `<path d="M${fmt(x)} ${fmt(y)}l${fmt(dx)} ${fmt(dy)}" stroke="rgb(${r},${g},${b})" stroke-opacity="${rng.between(0.45, 0.8).toFixed(2)}" stroke-width="${fmt(side * rng.between(0.01, 0.024))}" stroke-linecap="round"/>`
    )
  }
  return strokes.join("")
}
