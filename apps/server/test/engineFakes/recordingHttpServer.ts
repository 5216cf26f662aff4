import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { type AddressInfo } from "node:net"

/**
 * A real HTTP server on 127.0.0.1:0 for the engine fakes: it reads each body whole, records the
 * request (so tests assert what an adapter sent), and lets the fake answer, hang or drop it.
 */
export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly body: Buffer
  /** the body parsed as JSON, when it is JSON */
  readonly json?: unknown
}

export type FakeAnswer =
  | { readonly kind: "json"; readonly status: number; readonly body: unknown }
  | { readonly kind: "bytes"; readonly status: number; readonly type: string; readonly body: Uint8Array }
  /** never answers (a hung engine); released when the fake closes */
  | { readonly kind: "hang" }
  /** destroys the socket without an answer (a dropped connection) */
  | { readonly kind: "drop" }

export const json = (status: number, body: unknown): FakeAnswer => ({ kind: "json", status, body })
export const png = (body: Uint8Array): FakeAnswer => ({ kind: "bytes", status: 200, type: "image/png", body })

export interface RecordingServer {
  readonly url: string
  readonly requests: RecordedRequest[]
  /** true once the server saw a client close a request before its answer (an aborted fetch) */
  readonly abandoned: () => number
  readonly close: () => Promise<void>
}

const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks)))
    request.on("error", reject)
  })

const parseJson = (request: IncomingMessage, body: Buffer): unknown => {
  if (!(request.headers["content-type"] ?? "").includes("json") || body.length === 0) return undefined
  try {
    return JSON.parse(body.toString("utf8")) as unknown
  } catch {
    return undefined
  }
}

const send = (response: ServerResponse, answer: FakeAnswer): void => {
  if (answer.kind === "hang") return
  if (answer.kind === "drop") {
    response.socket?.destroy()
    return
  }
  if (answer.kind === "json") {
    response.writeHead(answer.status, { "content-type": "application/json" })
    response.end(answer.body === undefined ? "" : JSON.stringify(answer.body))
    return
  }
  response.writeHead(answer.status, { "content-type": answer.type, "content-length": answer.body.byteLength })
  response.end(Buffer.from(answer.body))
}

export const startRecordingServer = async (
  handle: (request: RecordedRequest, baseUrl: string) => FakeAnswer | Promise<FakeAnswer>
): Promise<RecordingServer> => {
  const requests: RecordedRequest[] = []
  let abandoned = 0
  let baseUrl = ""
  const server = createServer((request, response) => {
    response.on("close", () => {
      if (!response.writableFinished) abandoned += 1
    })
    void readBody(request)
      .then(async (body) => {
        const recorded: RecordedRequest = {
          method: request.method ?? "GET",
          path: request.url ?? "/",
          headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : value])),
          body,
          json: parseJson(request, body)
        }
        requests.push(recorded)
        send(response, await handle(recorded, baseUrl))
      })
      .catch((error: unknown) => {
        if (!response.headersSent) send(response, json(500, { message: String(error) }))
      })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: baseUrl,
    requests,
    abandoned: () => abandoned,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
