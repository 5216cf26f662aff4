import { Context, Data, type Effect } from "effect"

export type QueryValue = string | number | boolean | null | undefined

/** A multipart field: text, or a file's bytes with its name and type. */
export type FormField =
  | { readonly name: string; readonly value: string }
  | { readonly name: string; readonly file: Blob; readonly fileName: string }

export type HttpBody =
  | { readonly kind: "json"; readonly value: unknown }
  | { readonly kind: "form"; readonly fields: ReadonlyArray<FormField> }

export interface HttpRequest {
  readonly method: "GET" | "POST" | "PUT" | "DELETE"
  /** A path under the base URL ("/api/v1/…") or an absolute URL (the storage host). */
  readonly url: string
  readonly query?: Readonly<Record<string, QueryValue>>
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: HttpBody
  readonly timeoutMs?: number
  /** Called with 0–100 while a body uploads (multipart uploads). */
  readonly onUploadProgress?: (percent: number) => void
}

export interface HttpResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  /** The parsed JSON body, the text when it is not JSON, or undefined when empty. */
  readonly body: unknown
}

export interface BinaryResponse {
  readonly status: number
  readonly contentType: string | undefined
  readonly bytes: Uint8Array
}

/** The transport failed: no answer, a timeout, an abort. HTTP statuses are answers, not failures. */
export class HttpFailure extends Data.TaggedError("HttpFailure")<{
  readonly reason: string
  readonly timeout: boolean
}> {}

export interface HttpShape {
  readonly request: (request: HttpRequest) => Effect.Effect<HttpResponse, HttpFailure>
  /** Fetches bytes cross-origin (image downloads, spec §7). */
  readonly download: (url: string) => Effect.Effect<BinaryResponse, HttpFailure>
}

/** The HTTP port. Live: FetchHttp. In memory: MemoryHttp, which routes requests to handlers. */
export class Http extends Context.Tag("@mido/core/Http")<Http, HttpShape>() {}
