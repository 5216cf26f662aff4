// A lean HTTP/1.1 load generator for the benches: `connections` keep-alive sockets, one request in
// flight on each (as browsers and a CDN's origin pulls do), for `seconds`. It writes one fixed
// request and reads the answer's status and length by hand, so its own CPU per request stays far
// below the server's (node:http's client cost about 0.25 ms a request, more than the cached feed
// itself, and would have capped the figures it measures).
import net from "node:net"
import { performance } from "node:perf_hooks"

const HEAD_END = Buffer.from("\r\n\r\n")
const LAST_CHUNK = Buffer.from("\r\n0\r\n\r\n")

/** Where the answer that starts `buffer` ends, or -1 while it is incomplete. */
const answerEnd = (buffer) => {
  const headEnd = buffer.indexOf(HEAD_END)
  if (headEnd < 0) return { end: -1 }
  const head = buffer.toString("latin1", 0, headEnd)
  const status = Number(head.slice(9, 12))
  const bodyStart = headEnd + 4
  const length = /\r\ncontent-length: *(\d+)/i.exec(head)
  if (length !== null) return { status, bodyStart, end: bodyStart + Number(length[1]) }
  if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
    const last = buffer.indexOf(LAST_CHUNK, headEnd)
    return { status, bodyStart, end: last < 0 ? -1 : last + LAST_CHUNK.length }
  }
  return { status, bodyStart, end: bodyStart } // 204, 304: no body
}

/**
 * Loads GET `path` on 127.0.0.1:`port`. `accept(status, body)` says whether an answer is a success
 * (the others count as errors). Answers { count, seconds, latencies (sorted, ms), errors, clientCpuMs }.
 */
export const loadGet = async ({ port, path, headers = {}, seconds, connections, accept }) => {
  const request = Buffer.from(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nsource: PC\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join("")}\r\n`,
    "latin1"
  )
  const latencies = []
  let errors = 0
  const clientBefore = process.cpuUsage()
  const start = performance.now()
  const end = start + seconds * 1000
  await Promise.all(Array.from({ length: connections }, () =>
    new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1")
      socket.setNoDelay(true)
      let buffer = Buffer.alloc(0)
      let sentAt = 0
      const send = () => {
        if (performance.now() >= end) {
          socket.end()
          resolve()
          return
        }
        sentAt = performance.now()
        socket.write(request)
      }
      socket.on("connect", send)
      socket.on("data", (chunk) => {
        buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk])
        const answer = answerEnd(buffer)
        if (answer.end < 0 || buffer.length < answer.end) return
        if (!accept(answer.status, buffer.subarray(answer.bodyStart, answer.end))) errors++
        latencies.push(performance.now() - sentAt)
        buffer = buffer.subarray(answer.end)
        send()
      })
      socket.on("error", reject)
    })
  ))
  const elapsed = (performance.now() - start) / 1000
  const client = process.cpuUsage(clientBefore)
  latencies.sort((a, b) => a - b)
  return { count: latencies.length, seconds: elapsed, latencies, errors, clientCpuMs: (client.user + client.system) / 1000 }
}

/** The q-quantile of sorted latencies, in ms with one decimal. */
export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1)
