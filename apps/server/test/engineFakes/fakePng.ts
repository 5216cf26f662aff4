import { createHash } from "node:crypto"
import type { IncomingMessage, ServerResponse } from "node:http"
import sharp from "sharp"

/** A deterministic PNG for the engine fakes: its colours follow hash(key), its size is the one asked. */
export const fakePng = async (key: string, width: number, height: number): Promise<Buffer> => {
  const digest = createHash("sha256").update(key).digest()
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="rgb(${digest[0]},${digest[1]},${digest[2]})"/>
    <circle cx="${(digest[3]! / 255) * width}" cy="${(digest[4]! / 255) * height}" r="${Math.max(4, Math.min(width, height) / 4)}" fill="rgb(${digest[5]},${digest[6]},${digest[7]})"/>
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

export const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks)))
    request.on("error", reject)
  })

export const sendJson = (response: ServerResponse, status: number, value: unknown) => {
  const body = JSON.stringify(value)
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) })
  response.end(body)
}

/** How a fake misbehaves for the requests it matches: a status answer, never answering, or a cut socket. */
export type FakeFailure = "422" | "500" | "hang" | "drop"
