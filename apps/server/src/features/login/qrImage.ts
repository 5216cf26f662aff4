import { createHash } from "node:crypto"

const MODULES = 25
const CELL = 6
const MARGIN = 12
const LINE_CHARS = 36

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;")

/** Enough pseudo-random bits from the key to fill the grid (a picture, not an encoding). */
const bitsFor = (key: string): ReadonlyArray<boolean> => {
  const bits: Array<boolean> = []
  for (let round = 0; bits.length < MODULES * MODULES; round++) {
    for (const byte of createHash("sha256").update(`${round}:${key}`).digest()) {
      for (let bit = 7; bit >= 0; bit--) bits.push(((byte >> bit) & 1) === 1)
    }
  }
  return bits
}

const inFinder = (row: number, column: number) => {
  const corner = (r: number, c: number) => row >= r && row < r + 7 && column >= c && column < c + 7
  return corner(0, 0) || corner(0, MODULES - 7) || corner(MODULES - 7, 0)
}

const finder = (row: number, column: number) => {
  const x = MARGIN + column * CELL
  const y = MARGIN + row * CELL
  return `<rect x="${x}" y="${y}" width="${7 * CELL}" height="${7 * CELL}" fill="#111"/>` +
    `<rect x="${x + CELL}" y="${y + CELL}" width="${5 * CELL}" height="${5 * CELL}" fill="#fff"/>` +
    `<rect x="${x + 2 * CELL}" y="${y + 2 * CELL}" width="${3 * CELL}" height="${3 * CELL}" fill="#111"/>`
}

const wrap = (text: string): ReadonlyArray<string> => {
  const lines: Array<string> = []
  for (let start = 0; start < text.length; start += LINE_CHARS) lines.push(text.slice(start, start + LINE_CHARS))
  return lines
}

/**
 * The login QR picture as an SVG data URL: a QR-like pattern drawn from the key (not a real QR
 * encoding; no image library) with the scan page's address written underneath, so a developer can
 * open it by hand. A WeChat adapter would return WeChat's own QR picture instead.
 */
export const qrSvg = (key: string, scanUrl: string): string => {
  const bits = bitsFor(key)
  const cells: Array<string> = []
  for (let row = 0; row < MODULES; row++) {
    for (let column = 0; column < MODULES; column++) {
      if (inFinder(row, column) || !bits[row * MODULES + column]) continue
      cells.push(`<rect x="${MARGIN + column * CELL}" y="${MARGIN + row * CELL}" width="${CELL}" height="${CELL}" fill="#111"/>`)
    }
  }
  const size = MODULES * CELL + 2 * MARGIN
  const lines = ["微信扫一扫（开发环境：打开下面的地址）", ...wrap(scanUrl)]
  const textTop = size + 4
  const height = textTop + lines.length * 11 + 6
  const text = lines
    .map((line, index) => `<text x="${size / 2}" y="${textTop + index * 11}" font-size="8" font-family="monospace" text-anchor="middle" fill="#333">${escapeXml(line)}</text>`)
    .join("")
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${height}" viewBox="0 0 ${size} ${height}">` +
    `<rect width="${size}" height="${height}" fill="#fff"/>${finder(0, 0)}${finder(0, MODULES - 7)}${finder(MODULES - 7, 0)}${cells.join("")}${text}</svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`
}
