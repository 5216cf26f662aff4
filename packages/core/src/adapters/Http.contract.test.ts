import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { HttpRequest, HttpResponse, HttpShape } from "../ports/Http.js"
import { makeMemoryHttp } from "./MemoryHttp.js"
import { makeFetchHttp } from "./FetchHttp.js"

/** One web-standard server behind both adapters, so both must answer alike. */
const serve = async (request: Request): Promise<Response> => {
  const url = new URL(request.url)
  if (url.pathname === "/echo") {
    const contentType = request.headers.get("content-type") ?? ""
    let body: unknown = null
    if (contentType.includes("application/json")) body = await request.json()
    if (contentType.includes("multipart/form-data")) {
      const form = await request.formData()
      body = [...form.entries()].map(([name, value]) =>
        typeof value === "string" ? { name, value } : { name, fileName: value.name, size: value.size })
    }
    return Response.json({
      method: request.method,
      query: Object.fromEntries(url.searchParams),
      source: request.headers.get("source"),
      authorization: request.headers.get("authorization"),
      body
    })
  }
  if (url.pathname === "/text") return new Response("plain words", { status: 200 })
  if (url.pathname === "/slow") {
    await new Promise((resolve) => setTimeout(resolve, 300))
    return Response.json({ late: true })
  }
  if (url.pathname === "/image.png") return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { "content-type": "image/png" } })
  return new Response("Not Found", { status: 404 })
}

const ORIGIN = "http://contract.test"

const toWebRequest = (request: HttpRequest, origin: string): Request => {
  const url = new URL(request.url, origin)
  for (const [key, value] of Object.entries(request.query ?? {})) if (value !== undefined && value !== null) url.searchParams.set(key, String(value))
  let body: BodyInit | undefined
  const headers = new Headers(request.headers)
  if (request.body?.kind === "json") {
    body = JSON.stringify(request.body.value)
    headers.set("content-type", "application/json")
  } else if (request.body?.kind === "form") {
    const form = new FormData()
    for (const field of request.body.fields) {
      if ("file" in field) form.append(field.name, field.file, field.fileName)
      else form.append(field.name, field.value)
    }
    body = form
  }
  return new Request(url, { method: request.method, headers, body })
}

const fromWebResponse = async (response: Response): Promise<HttpResponse> => {
  const text = await response.text()
  let body: unknown = text === "" ? undefined : text
  try {
    body = JSON.parse(text)
  } catch {
    // text stays text
  }
  return { status: response.status, headers: Object.fromEntries(response.headers), body }
}

let server: Server
let live: HttpShape
const memory = makeMemoryHttp((request) => Effect.promise(async () => fromWebResponse(await serve(toWebRequest(request, ORIGIN)))))
memory.files.set(`${ORIGIN}/image.png`, { status: 200, contentType: "image/png", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) })

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Array<Buffer> = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value)
    const hasBody = req.method !== "GET" && req.method !== "HEAD"
    const response = await serve(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined }))
    res.writeHead(response.status, Object.fromEntries(response.headers))
    res.end(Buffer.from(await response.arrayBuffer()))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  live = makeFetchHttp({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const adapters: ReadonlyArray<readonly [string, () => HttpShape, () => string]> = [
  ["FetchHttp (loopback server)", () => live, () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`],
  ["MemoryHttp", () => memory.http, () => ORIGIN]
]

describe.each(adapters)("Http port contract: %s", (_name, http, origin) => {
  const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.either(effect))

  it("sends the query and headers of a GET", async () => {
    const result = await run(http().request({ method: "GET", url: "/echo", query: { page: 2, type: "like", skip: undefined }, headers: { source: "PC", Authorization: "Bearer t" } }))
    expect(result._tag === "Right" && result.right.body).toEqual({ method: "GET", query: { page: "2", type: "like" }, source: "PC", authorization: "Bearer t", body: null })
  })

  it("sends a JSON body", async () => {
    const result = await run(http().request({ method: "POST", url: "/echo", body: { kind: "json", value: { uid: 7, text: "你好" } } }))
    expect(result._tag === "Right" && (result.right.body as { body: unknown }).body).toEqual({ uid: 7, text: "你好" })
  })

  it("sends a multipart body with a file", async () => {
    const file = new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" })
    const result = await run(http().request({ method: "POST", url: "/echo", body: { kind: "form", fields: [{ name: "key", value: "u/1.png" }, { name: "file", file, fileName: "1.png" }] } }))
    expect(result._tag === "Right" && (result.right.body as { body: unknown }).body).toEqual([{ name: "key", value: "u/1.png" }, { name: "file", fileName: "1.png", size: 3 }])
  })

  it("gives HTTP errors as answers, not failures", async () => {
    const result = await run(http().request({ method: "GET", url: "/missing" }))
    expect(result._tag === "Right" && [result.right.status, result.right.body]).toEqual([404, "Not Found"])
  })

  it("gives a non-JSON body as text", async () => {
    const result = await run(http().request({ method: "GET", url: "/text" }))
    expect(result._tag === "Right" && result.right.body).toBe("plain words")
  })

  it("fails with a timeout when the answer is late", async () => {
    const result = await run(http().request({ method: "GET", url: "/slow", timeoutMs: 50 }))
    expect(result._tag === "Left" && result.left).toMatchObject({ _tag: "HttpFailure", timeout: true })
  })

  it("downloads bytes with their content type", async () => {
    const result = await run(http().download(`${origin()}/image.png`))
    expect(result._tag === "Right" && [result.right.contentType, [...result.right.bytes]]).toEqual(["image/png", [0x89, 0x50, 0x4e, 0x47]])
  })
})
