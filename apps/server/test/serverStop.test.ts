import { connect } from "node:net"
import { describe, expect, it } from "vitest"
import { presetCoverKey, QUICK_STYLES } from "../src/features/generation/quickPresets.js"
import { startTestServer } from "./testServer.js"

/** Opens a connection to `url` that sends a request's headers and a tenth of its body, then nothing more. */
const halfSentUpload = (url: string) =>
  new Promise<() => void>((resolve, reject) => {
    const { hostname, port } = new URL(url)
    const socket = connect(Number(port), hostname, () => {
      socket.write(`POST /uploads/stalled.png HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: image/png\r\nContent-Length: 10000\r\n\r\n`)
      socket.write(Buffer.alloc(1000))
      resolve(() => socket.destroy())
    })
    socket.on("error", () => undefined)
    socket.once("error", reject)
  })

describe("a stop does not wait on a client that went quiet (restarts, deploys)", () => {
  it("ends within its grace period while a picture's reader and a half-sent upload hold their connections", async () => {
    const server = await startTestServer()
    // a picture fetched and never read (a browser tab that went to sleep, a stalled CDN fetch)
    const unread = await fetch(`${server.storageUrl}/uploads/${presetCoverKey(QUICK_STYLES[0]!.slug)}`)
    expect(unread.status).toBe(200)
    const sockets = [await halfSentUpload(server.storageUrl), await halfSentUpload(server.url)]
    try {
      const started = Date.now()
      await server.stop()
      // the grace is 5 s (server.ts STOP_GRACE_MS); before it, the stop waited for Node's request timeout (5 min)
      expect(Date.now() - started).toBeLessThan(20_000)
    } finally {
      for (const destroy of sockets) destroy()
    }
  }, 60_000)
})
