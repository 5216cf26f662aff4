import sharp from "sharp"

/** A small deterministic random source, so the demo data is the same on every machine. */
export const seededRandom = (seed: number) => {
  // spread nearby seeds apart (Knuth's multiplicative hash), so seeds 1, 2, 3 look unrelated
  let state = Math.imul(seed + 1, 2_654_435_761) >>> 0 || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 4_294_967_296
  }
}

const palettes: ReadonlyArray<{ readonly name: string; readonly colors: readonly [string, string, string, string] }> = [
  { name: "水墨", colors: ["#f3efe6", "#c9c2b2", "#5b5a55", "#1f1f1f"] },
  { name: "赛博", colors: ["#0b0630", "#3a0ca3", "#f72585", "#4cc9f0"] },
  { name: "青绿山水", colors: ["#e8f1e4", "#9cc5a1", "#3f7d6e", "#1d3b3a"] },
  { name: "落日", colors: ["#ffd6a5", "#ff9a76", "#e85d75", "#5c2a55"] },
  { name: "海盐", colors: ["#eaf6ff", "#a9d6e5", "#468faf", "#013a63"] },
  { name: "樱花", colors: ["#fff0f3", "#ffccd5", "#ff8fa3", "#c9184a"] }
]

/**
 * An abstract landscape as SVG: sky gradient, sun, layered mountain ridges and mist, in one of six
 * palettes. It is the honest stand-in for generated art in the demo (no model runs offline here).
 */
export const landscapeSvg = (seed: number, width: number, height: number): string => {
  const random = seededRandom(seed)
  const palette = palettes[Math.floor(random() * palettes.length)] ?? palettes[0]!
  const [light, mid, deep, ink] = palette.colors
  const ridges = Array.from({ length: 4 }, (_, layer) => {
    const base = height * (0.45 + layer * 0.13)
    const points: Array<string> = [`0,${height}`]
    for (let x = 0; x <= width; x += width / 12) {
      points.push(`${x.toFixed(0)},${(base - random() * height * 0.18).toFixed(0)}`)
    }
    points.push(`${width},${height}`)
    const fill = [mid, deep, ink, ink][layer]
    return `<polygon points="${points.join(" ")}" fill="${fill}" opacity="${(0.55 + layer * 0.15).toFixed(2)}"/>`
  }).join("")
  const sunX = width * (0.2 + random() * 0.6)
  const sunY = height * (0.18 + random() * 0.2)
  const sunR = Math.min(width, height) * (0.06 + random() * 0.08)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/></linearGradient>
<linearGradient id="mist" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="${light}" stop-opacity="0"/><stop offset="0.7" stop-color="${light}" stop-opacity="0.22"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></linearGradient>
<radialGradient id="sun"><stop offset="0" stop-color="#fffaf0"/><stop offset="1" stop-color="${palette.colors[2]}" stop-opacity="0.2"/></radialGradient></defs>
<rect width="100%" height="100%" fill="url(#sky)"/><circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${sunR.toFixed(0)}" fill="url(#sun)"/>
${ridges}<rect width="100%" height="100%" fill="url(#mist)"/></svg>`
}

/** The same picture as JPEG bytes. */
export const renderLandscape = (seed: number, width: number, height: number): Promise<Buffer> =>
  sharp(Buffer.from(landscapeSvg(seed, width, height))).jpeg({ quality: 82, mozjpeg: true }).toBuffer()

/** The sizes the demo uses, one per aspect ratio the app snaps to (spec §5). */
export const DEMO_SIZES: ReadonlyArray<readonly [number, number]> = [[768, 768], [576, 1024], [768, 1024], [1024, 576], [1024, 768]]
