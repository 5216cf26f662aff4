import QRCode from "qrcode"

/** The module matrix (true = dark) of `text` as a QR code, error correction level M (the qrcode package). */
export const qrMatrix = (text: string): ReadonlyArray<ReadonlyArray<boolean>> => {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" })
  return Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, column) => modules.get(row, column) === 1))
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * `text` as a QR code SVG data URL (the sandbox pay QR, the login QR, the seeded contact QR), with
 * caption lines under the code. Drawn here rather than with the package's own SVG renderer, which has
 * no caption and is asynchronous.
 */
export const qrSvgDataUrl = (text: string, caption?: string | ReadonlyArray<string>): string => {
  const modules = qrMatrix(text)
  const border = 4
  const size = modules.length + border * 2
  const lines = caption === undefined ? [] : typeof caption === "string" ? [caption] : caption
  const captionHeight = lines.length === 0 ? 0 : 3 + lines.length * 3
  const path = modules
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x + border} ${y + border}h1v1h-1z` : "")))
    .join("")
  const label = lines
    .map((line, index) => `<text x="${size / 2}" y="${size + 2.5 + index * 3}" font-size="2.4" text-anchor="middle" font-family="sans-serif" fill="#333">${escapeXml(line)}</text>`)
    .join("")
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size + captionHeight}" width="${size * 8}" height="${(size + captionHeight) * 8}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path d="${path}" fill="#000"/>${label}</svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`
}
