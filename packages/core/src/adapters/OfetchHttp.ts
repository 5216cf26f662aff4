import { Effect, Layer } from "effect"
import { createFetch, type FetchOptions, ofetch } from "ofetch"
import { type BinaryResponse, type FormField, Http, HttpFailure, type HttpBody, type HttpRequest, type HttpResponse, type QueryValue } from "../ports/Http.js"
import { parseBody } from "./responseBody.js"

export interface OfetchHttpOptions {
  /** Where relative API paths go. The browser default is the site root (spec §7). */
  readonly baseUrl?: string
  /** A fetch to use instead of the global one (tests, instrumented clients). */
  readonly fetch?: typeof globalThis.fetch
}

const isAbsolute = (url: string) => /^https?:\/\//i.test(url)

const cleanQuery = (query: Readonly<Record<string, QueryValue>> | undefined) =>
  query === undefined
    ? undefined
    : Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null).map(([key, value]) => [key, String(value)]))

const toFormData = (fields: ReadonlyArray<FormField>): FormData => {
  const form = new FormData()
  for (const field of fields) {
    if ("file" in field) form.append(field.name, field.file, field.fileName)
    else form.append(field.name, field.value)
  }
  return form
}

const toBody = (body: HttpBody | undefined): BodyInit | Record<string, unknown> | undefined => {
  if (body === undefined) return undefined
  return body.kind === "json" ? (body.value as Record<string, unknown>) : toFormData(body.fields)
}

const failure = (error: unknown): HttpFailure => {
  const name = error instanceof Error ? (error.cause instanceof Error ? error.cause.name : error.name) : ""
  const timeout = name === "TimeoutError" || (error instanceof Error && /timeout/i.test(error.message))
  return new HttpFailure({ reason: timeout ? "timeout" : error instanceof Error ? error.message : String(error), timeout })
}

/** Browsers report upload progress only through XMLHttpRequest; fetch has no upload events. */
const xhrRequest = (url: string, request: HttpRequest, signal: AbortSignal): Promise<HttpResponse> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    const query = new URLSearchParams(cleanQuery(request.query)).toString()
    xhr.open(request.method, query === "" ? url : `${url}${url.includes("?") ? "&" : "?"}${query}`)
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value)
    if (request.timeoutMs !== undefined) xhr.timeout = request.timeoutMs
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onUploadProgress?.(Math.round((event.loaded / event.total) * 100))
    }
    xhr.onload = () => {
      const headers: Record<string, string> = {}
      for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
        const at = line.indexOf(":")
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim()
      }
      resolve({ status: xhr.status, headers, body: parseBody(xhr.responseText) })
    }
    xhr.onerror = () => reject(new Error("network error"))
    xhr.ontimeout = () => reject(new Error("timeout"))
    signal.addEventListener("abort", () => xhr.abort())
    const body = request.body
    xhr.send(body === undefined ? null : body.kind === "form" ? toFormData(body.fields) : JSON.stringify(body.value))
  })

/** The live Http port over ofetch: no retries (the services decide), errors as answers, JSON or text. */
export const makeOfetchHttp = (options: OfetchHttpOptions = {}) => {
  const baseUrl = options.baseUrl ?? "/"
  const base = options.fetch === undefined ? ofetch : createFetch({ fetch: options.fetch })
  const client = base.create({ retry: 0, ignoreResponseError: true })
  const resolveUrl = (url: string) => (isAbsolute(url) ? url : `${baseUrl.replace(/\/$/, "")}${url}`)

  const request = (req: HttpRequest) =>
    Effect.tryPromise({
      try: async (signal): Promise<HttpResponse> => {
        const url = resolveUrl(req.url)
        if (req.onUploadProgress !== undefined && typeof XMLHttpRequest !== "undefined") {
          return await xhrRequest(url, req, signal)
        }
        const fetchOptions: FetchOptions<"text"> = {
          method: req.method,
          query: cleanQuery(req.query),
          headers: { ...req.headers },
          body: toBody(req.body),
          // ofetch ignores its own `timeout` when a signal is given, so the two are combined here
          signal: req.timeoutMs === undefined ? signal : AbortSignal.any([signal, AbortSignal.timeout(req.timeoutMs)]),
          responseType: "text"
        }
        const response = await client.raw(url, fetchOptions)
        req.onUploadProgress?.(100)
        return {
          status: response.status,
          headers: Object.fromEntries(response.headers.entries()),
          body: parseBody(typeof response._data === "string" ? response._data : "")
        }
      },
      catch: failure
    })

  const download = (url: string) =>
    Effect.tryPromise({
      try: async (signal): Promise<BinaryResponse> => {
        const response = await (options.fetch ?? globalThis.fetch)(resolveUrl(url), { mode: "cors", signal })
        return {
          status: response.status,
          contentType: response.headers.get("content-type") ?? undefined,
          bytes: new Uint8Array(await response.arrayBuffer())
        }
      },
      catch: failure
    })

  return Http.of({ request, download })
}

export const OfetchHttpLayer = (options: OfetchHttpOptions = {}) => Layer.sync(Http, () => makeOfetchHttp(options))
