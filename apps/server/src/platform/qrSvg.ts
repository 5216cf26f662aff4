/**
 * A small QR Code encoder (ISO/IEC 18004, byte mode, error correction level M) that renders to an SVG
 * data URL: the payment QR of a sandbox order and other server-made QR images. No package needed.
 */

/** Level M per version (index 0 unused): ECC codewords per block and number of blocks. */
const ECC_PER_BLOCK = [-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28]
const BLOCKS = [-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49]
const FORMAT_LEVEL_M = 0

const at = (values: ReadonlyArray<number>, index: number): number => values[index] ?? 0
const bit = (value: number, index: number): boolean => ((value >>> index) & 1) !== 0

const rawDataModules = (version: number): number => {
  let result = (16 * version + 128) * version + 64
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2
    result -= (25 * align - 10) * align - 55
    if (version >= 7) result -= 36
  }
  return result
}

const dataCodewords = (version: number): number => Math.floor(rawDataModules(version) / 8) - at(ECC_PER_BLOCK, version) * at(BLOCKS, version)

/** GF(2^8) multiplication modulo x^8 + x^4 + x^3 + x^2 + 1. */
const gfMultiply = (x: number, y: number): number => {
  let z = 0
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d)
    z ^= ((y >>> i) & 1) * x
  }
  return z & 0xff
}

const rsDivisor = (degree: number): Array<number> => {
  const result = new Array<number>(degree).fill(0)
  result[degree - 1] = 1
  let root = 1
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(at(result, j), root)
      if (j + 1 < degree) result[j] = at(result, j) ^ at(result, j + 1)
    }
    root = gfMultiply(root, 0x02)
  }
  return result
}

/** The Reed–Solomon error correction codewords of `data` (exported for the known-answer test). */
export const reedSolomon = (data: ReadonlyArray<number>, degree: number): Array<number> => {
  const divisor = rsDivisor(degree)
  const result = new Array<number>(degree).fill(0)
  for (const value of data) {
    const factor = value ^ (result.shift() ?? 0)
    result.push(0)
    for (let i = 0; i < degree; i++) result[i] = at(result, i) ^ gfMultiply(at(divisor, i), factor)
  }
  return result
}

const encodeData = (bytes: Uint8Array): { version: number; codewords: Array<number> } => {
  let version = 1
  const bitsFor = (v: number) => 4 + (v <= 9 ? 8 : 16) + bytes.length * 8
  while (bitsFor(version) > dataCodewords(version) * 8) {
    version++
    if (version > 40) throw new Error("text too long for a QR code")
  }
  const bits: Array<number> = []
  const append = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1)
  }
  append(0b0100, 4)
  append(bytes.length, version <= 9 ? 8 : 16)
  for (const value of bytes) append(value, 8)
  const capacity = dataCodewords(version) * 8
  append(0, Math.min(4, capacity - bits.length))
  append(0, (8 - (bits.length % 8)) % 8)
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) append(pad, 8)
  const codewords: Array<number> = []
  for (let i = 0; i < bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((acc, b) => (acc << 1) | b, 0))
  return { version, codewords }
}

const interleave = (version: number, data: ReadonlyArray<number>): Array<number> => {
  const blockCount = at(BLOCKS, version)
  const eccLength = at(ECC_PER_BLOCK, version)
  const rawCodewords = Math.floor(rawDataModules(version) / 8)
  const shortBlocks = blockCount - (rawCodewords % blockCount)
  const shortLength = Math.floor(rawCodewords / blockCount)
  const blocks: Array<Array<number>> = []
  for (let i = 0, k = 0; i < blockCount; i++) {
    const length = shortLength - eccLength + (i < shortBlocks ? 0 : 1)
    const block = data.slice(k, k + length)
    k += length
    const ecc = reedSolomon(block, eccLength)
    if (i < shortBlocks) block.push(0)
    blocks.push([...block, ...ecc])
  }
  const result: Array<number> = []
  for (let i = 0; i <= shortLength; i++) {
    blocks.forEach((block, j) => {
      if (i !== shortLength - eccLength || j >= shortBlocks) result.push(at(block, i))
    })
  }
  return result
}

const alignmentPositions = (version: number, size: number): Array<number> => {
  if (version === 1) return []
  const count = Math.floor(version / 7) + 2
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2
  const result = [6]
  for (let pos = size - 7; result.length < count; pos -= step) result.splice(1, 0, pos)
  return result
}

const MASKS: ReadonlyArray<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0
]

class Matrix {
  readonly dark: Array<Array<boolean>>
  readonly reserved: Array<Array<boolean>>
  constructor(readonly size: number) {
    this.dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
    this.reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  }
  get(x: number, y: number): boolean {
    return this.dark[y]?.[x] ?? false
  }
  setFunction(x: number, y: number, dark: boolean) {
    const row = this.dark[y]
    const reservedRow = this.reserved[y]
    if (row === undefined || reservedRow === undefined || x < 0 || x >= this.size) return
    row[x] = dark
    reservedRow[x] = true
  }
  flip(x: number, y: number) {
    const row = this.dark[y]
    if (row !== undefined && !this.reserved[y]?.[x]) row[x] = !row[x]
  }
}

const drawFunctionPatterns = (matrix: Matrix, version: number) => {
  const size = matrix.size
  for (let i = 0; i < size; i++) {
    matrix.setFunction(6, i, i % 2 === 0)
    matrix.setFunction(i, 6, i % 2 === 0)
  }
  for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const distance = Math.max(Math.abs(dx), Math.abs(dy))
        matrix.setFunction(cx + dx, cy + dy, distance !== 2 && distance !== 4)
      }
    }
  }
  const positions = alignmentPositions(version, size)
  const last = positions.length - 1
  positions.forEach((y, i) => positions.forEach((x, j) => {
    if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) matrix.setFunction(x + dx, y + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1)
  }))
  drawFormatBits(matrix, 0)
  if (version >= 7) {
    let remainder = version
    for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25)
    const bits = (version << 12) | remainder
    for (let i = 0; i < 18; i++) {
      const a = size - 11 + (i % 3)
      const b = Math.floor(i / 3)
      matrix.setFunction(a, b, bit(bits, i))
      matrix.setFunction(b, a, bit(bits, i))
    }
  }
}

const drawFormatBits = (matrix: Matrix, mask: number) => {
  const data = (FORMAT_LEVEL_M << 3) | mask
  let remainder = data
  for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537)
  const bits = ((data << 10) | remainder) ^ 0x5412
  const size = matrix.size
  for (let i = 0; i <= 5; i++) matrix.setFunction(8, i, bit(bits, i))
  matrix.setFunction(8, 7, bit(bits, 6))
  matrix.setFunction(8, 8, bit(bits, 7))
  matrix.setFunction(7, 8, bit(bits, 8))
  for (let i = 9; i < 15; i++) matrix.setFunction(14 - i, 8, bit(bits, i))
  for (let i = 0; i < 8; i++) matrix.setFunction(size - 1 - i, 8, bit(bits, i))
  for (let i = 8; i < 15; i++) matrix.setFunction(8, size - 15 + i, bit(bits, i))
  matrix.setFunction(8, size - 8, true)
}

const drawCodewords = (matrix: Matrix, codewords: ReadonlyArray<number>) => {
  const size = matrix.size
  let i = 0
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5
    for (let vertical = 0; vertical < size; vertical++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j
        const y = ((right + 1) & 2) === 0 ? size - 1 - vertical : vertical
        if (!matrix.reserved[y]?.[x] && i < codewords.length * 8) {
          const row = matrix.dark[y]
          if (row !== undefined) row[x] = bit(at(codewords, i >>> 3), 7 - (i & 7))
          i++
        }
      }
    }
  }
}

const applyMask = (matrix: Matrix, mask: number) => {
  const pattern = MASKS[mask] ?? MASKS[0]!
  for (let y = 0; y < matrix.size; y++) for (let x = 0; x < matrix.size; x++) if (pattern(x, y)) matrix.flip(x, y)
}

/** The four penalty rules of the standard, in a plain form; the lowest score picks the mask. */
const penalty = (matrix: Matrix): number => {
  const size = matrix.size
  let score = 0
  const lines: Array<string> = []
  for (let y = 0; y < size; y++) lines.push(Array.from({ length: size }, (_, x) => (matrix.get(x, y) ? "1" : "0")).join(""))
  for (let x = 0; x < size; x++) lines.push(Array.from({ length: size }, (_, y) => (matrix.get(x, y) ? "1" : "0")).join(""))
  for (const line of lines) {
    for (const run of line.match(/0{5,}|1{5,}/g) ?? []) score += run.length - 2
    for (let i = 0; i + 11 <= line.length; i++) {
      const window = line.slice(i, i + 11)
      if (window === "10111010000" || window === "00001011101") score += 40
    }
  }
  let dark = 0
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (matrix.get(x, y)) dark++
      if (x + 1 < size && y + 1 < size) {
        const c = matrix.get(x, y)
        if (matrix.get(x + 1, y) === c && matrix.get(x, y + 1) === c && matrix.get(x + 1, y + 1) === c) score += 3
      }
    }
  }
  const total = size * size
  score += (Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1) * 10
  return score
}

/** The module matrix (true = dark) of `text` encoded as UTF-8 bytes. */
export const qrMatrix = (text: string): ReadonlyArray<ReadonlyArray<boolean>> => {
  const { version, codewords } = encodeData(new TextEncoder().encode(text))
  const size = version * 4 + 17
  const build = (mask: number) => {
    const matrix = new Matrix(size)
    drawFunctionPatterns(matrix, version)
    drawCodewords(matrix, interleave(version, codewords))
    applyMask(matrix, mask)
    drawFormatBits(matrix, mask)
    return matrix
  }
  let best = build(0)
  let bestScore = penalty(best)
  for (let mask = 1; mask < 8; mask++) {
    const candidate = build(mask)
    const score = penalty(candidate)
    if (score < bestScore) [best, bestScore] = [candidate, score]
  }
  return best.dark
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** `text` as a QR code SVG data URL, with an optional caption line under the code. */
export const qrSvgDataUrl = (text: string, caption?: string): string => {
  const modules = qrMatrix(text)
  const border = 4
  const size = modules.length + border * 2
  const captionHeight = caption === undefined ? 0 : 6
  const path = modules
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x + border} ${y + border}h1v1h-1z` : "")))
    .join("")
  const label = caption === undefined
    ? ""
    : `<text x="${size / 2}" y="${size + 2.5}" font-size="2.4" text-anchor="middle" font-family="sans-serif" fill="#333">${escapeXml(caption)}</text>`
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size + captionHeight}" width="${size * 8}" height="${(size + captionHeight) * 8}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path d="${path}" fill="#000"/>${label}</svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`
}
