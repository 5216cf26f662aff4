import { Effect, Layer } from "effect"
import type { FetchResponse } from "ofetch"
import { type BinaryResponse, type FormField, Http, HttpFailure, type HttpBody, type HttpRequest, type HttpResponse, type QueryValue } from "../ports/Http.js"
import { ofetchOnFirstUse } from "./ofetchOnFirstUse.js"
import { parseBody } from "./responseBody.js"

/** What an interceptor sees before each attempt: it may set or read headers (a trace id, a signature). */
export interface HttpRequestInfo {
  readonly method: string
  /** The path or URL as the caller gave it (before the base URL and the query are joined). */
  readonly url: string
  readonly headers: Headers
}

/** What an interceptor sees after each answer, error statuses included. */
export interface HttpResponseInfo {
  readonly method: string
  readonly url: string
  readonly status: number
  readonly body: unknown
}

export interface FetchHttpOptions {
  /** Where relative API paths go. The browser default is the site root (spec §7). */
  readonly baseUrl?: string
  /** A fetch to use instead of the global one (tests, instrumented clients). */
  readonly fetch?: typeof globalThis.fetch
  /** The pause before a GET is asked again after a gateway error (default 300 ms). */
  readonly retryDelayMs?: number
  /** Interceptors, run on every attempt (a retried GET is seen twice) and on uploads too. */
  readonly onRequest?: (request: HttpRequestInfo) => void | Promise<void>
  readonly onResponse?: (response: HttpResponseInfo) => void | Promise<void>
}

/**
 * The statuses after which a GET is asked once more: a gateway's answers while the server behind it
 * restarts. Not ofetch's default list (unjs/ofetch src/fetch.ts `retryStatusCodes`: 408, 409, 425,
 * 429, 500, 502, 503, 504): at once again after a 429 only adds to the load, and ofetch counts a
 * request with no answer as 500, so keeping 500 out also keeps a timed-out GET from running twice.
 */
export const RETRY_STATUS_CODES: ReadonlyArray<number> = [502, 503, 504]
const DEFAULT_RETRY_DELAY_MS = 300

/** Only a GET is retried. ofetch's default does the same (no retry for its payload methods PATCH,
 * POST, PUT, DELETE), said here so that no option can make a payment or a drawing happen twice. */
const retriesOf = (method: HttpRequest["method"]) => (method === "GET" ? 1 : 0)

/** ufo's withQuery (what ofetch joins a query with) writes a null as a bare `key`, and an empty query
 * still re-encodes the URL's own query: absent values are dropped here and no query is no option. */
const presentQuery = (query: Readonly<Record<string, QueryValue>> | undefined): Record<string, string> | undefined => {
  const present = Object.entries(query ?? {}).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== null)
  return present.length === 0 ? undefined : Object.fromEntries(present.map(([key, value]) => [key, String(value)]))
}

const toFormData = (fields: ReadonlyArray<FormField>): FormData => {
  const form = new FormData()
  for (const field of fields) {
    if ("file" in field) form.append(field.name, field.file, field.fileName)
    else form.append(field.name, field.value)
  }
  return form
}

/** JSON is serialised here: ofetch serialises only objects whose constructor is `Object` (and arrays),
 * and passes anything else to fetch as is. Given a string, ofetch adds the JSON content type and accept. */
const toBody = (body: HttpBody | undefined): string | FormData | undefined =>
  body === undefined ? undefined : body.kind === "json" ? JSON.stringify(body.value) : toFormData(body.fields)

/** ofetch wraps fetch's rejection in a FetchError; a timeout is its cause (AbortSignal.timeout's TimeoutError). */
const failure = (error: unknown): HttpFailure => {
  const name = error instanceof Error ? (error.cause instanceof Error ? error.cause.name : error.name) : ""
  const timeout = name === "TimeoutError" || (error instanceof Error && /timeout/i.test(error.message))
  return new HttpFailure({ reason: timeout ? "timeout" : error instanceof Error ? error.message : String(error), timeout })
}

/** Every status is an answer. Not `ignoreResponseError`: with it ofetch never reaches its retry
 * (unjs/ofetch src/fetch.ts: onError runs only for error statuses it does not ignore), so the error
 * it throws after the last attempt is turned back into the answer it carries. */
const answerOf = async <A>(attempt: Promise<FetchResponse<A>>): Promise<FetchResponse<A>> => {
  try {
    return await attempt
  } catch (error) {
    // ofetch's FetchError class is in its chunk, not imported here: told by its name (unjs/ofetch src/error.ts)
    const response = error instanceof Error && error.name === "FetchError" ? (error as { response?: FetchResponse<A> }).response : undefined
    if (response !== undefined) return response
    throw error
  }
}

/**
 * The live Http port on ofetch (browsers, Node 20+): a GET is asked once more after a gateway error
 * (502, 503, 504), nothing else is retried (the services decide); every status is an answer (the
 * server's envelope with its code and msg), the body JSON when it parses, else text; `timeoutMs` is
 * the whole call's budget, retry included. XMLHttpRequest when the caller follows upload progress.
 */
export const makeFetchHttp = (options: FetchHttpOptions = {}) => {
  const baseURL = options.baseUrl ?? "/"
  // ofetch is a chunk of its own, asked for now (ofetchOnFirstUse.ts, ADR 0029); a failure waits for the first call
  const ofetch = ofetchOnFirstUse(() => import("ofetch"), (input, init) => (options.fetch ?? globalThis.fetch)(input, init))
  void ofetch().catch(() => undefined)
  const retryDelay = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS
  const retryStatusCodes = [...RETRY_STATUS_CODES]

  const interceptors = (asked: string) => ({
    onRequest: options.onRequest === undefined ? undefined : (context: { options: { method?: string; headers: Headers } }) =>
      options.onRequest?.({ method: context.options.method ?? "GET", url: asked, headers: context.options.headers }),
    onResponse: options.onResponse === undefined ? undefined : (context: { options: { method?: string }; response: FetchResponse<unknown> }) =>
      options.onResponse?.({ method: context.options.method ?? "GET", url: asked, status: context.response.status, body: context.response._data })
  })

  const uploadWithProgress = async (req: HttpRequest, signal: AbortSignal): Promise<HttpResponse> => {
    const headers = new Headers(req.headers)
    await options.onRequest?.({ method: req.method, url: req.url, headers })
    // the XHR path cannot use ofetch's joining: the same base and query rules by hand
    const query = presentQuery(req.query)
    const path = /^https?:\/\//i.test(req.url) ? req.url : `${baseURL.replace(/\/$/, "")}${req.url}`
    const url = query === undefined ? path : `${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams(query).toString()}`
    // only an upload that follows its progress needs the XMLHttpRequest path: it arrives with the first one (ADR 0029)
    const { xhrUpload } = await import("./xhrUpload.js")
    const answer = await xhrUpload(url, req, headers, toBody(req.body), signal)
    await options.onResponse?.({ method: req.method, url: req.url, status: answer.status, body: answer.body })
    return answer
  }

  const request = (req: HttpRequest) =>
    Effect.tryPromise({
      try: async (signal): Promise<HttpResponse> => {
        if (req.onUploadProgress !== undefined && typeof XMLHttpRequest !== "undefined") return await uploadWithProgress(req, signal)
        const headers = new Headers(req.headers)
        if (req.body?.kind === "json") headers.set("content-type", "application/json")
        const response = await answerOf<unknown>((await ofetch()).raw(req.url, {
          baseURL,
          method: req.method,
          query: presentQuery(req.query),
          headers,
          body: toBody(req.body),
          // ofetch's own `timeout` is ignored when a signal is given (src/fetch.ts), and Effect always
          // gives one (interruption): the two are joined here, and the joined one spans the retry
          signal: req.timeoutMs === undefined ? signal : AbortSignal.any([signal, AbortSignal.timeout(req.timeoutMs)]),
          retry: retriesOf(req.method),
          retryDelay,
          retryStatusCodes,
          // ofetch picks its reader by content type (a Blob for anything neither text nor JSON, e.g. a
          // proxy's error page as application/octet-stream); the port has one rule: JSON if it parses, else text
          parseResponse: parseBody,
          ...interceptors(req.url)
        }))
        req.onUploadProgress?.(100)
        return { status: response.status, headers: Object.fromEntries(response.headers.entries()), body: response._data }
      },
      catch: failure
    })

  const download = (url: string) =>
    Effect.tryPromise({
      try: async (signal): Promise<BinaryResponse> => {
        const response = await answerOf((await ofetch()).raw(url, {
          baseURL,
          method: "GET",
          mode: "cors",
          signal,
          responseType: "arrayBuffer",
          retry: 1,
          retryDelay,
          retryStatusCodes,
          ...interceptors(url)
        }))
        return {
          status: response.status,
          contentType: response.headers.get("content-type") ?? undefined,
          bytes: new Uint8Array(response._data ?? new ArrayBuffer(0))
        }
      },
      catch: failure
    })

  return Http.of({ request, download })
}

export const FetchHttpLayer = (options: FetchHttpOptions = {}) => Layer.sync(Http, () => makeFetchHttp(options))
