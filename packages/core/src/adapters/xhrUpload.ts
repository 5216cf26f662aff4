import type { HttpRequest, HttpResponse } from "../ports/Http.js"
import { parseBody } from "./responseBody.js"

/**
 * Browsers report upload progress only through XMLHttpRequest (fetch has no upload events), so a
 * request that follows progress goes here instead of through ofetch: no retry (uploads are POSTs),
 * the same answers and failures as the ofetch path. `url` already carries the base and the query.
 */
export const xhrUpload = (url: string, request: HttpRequest, headers: Headers, body: XMLHttpRequestBodyInit | undefined, signal: AbortSignal): Promise<HttpResponse> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(request.method, url)
    headers.forEach((value, name) => xhr.setRequestHeader(name, value))
    if (request.timeoutMs !== undefined) xhr.timeout = request.timeoutMs
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onUploadProgress?.(Math.round((event.loaded / event.total) * 100))
    }
    xhr.onload = () => {
      const responseHeaders: Record<string, string> = {}
      for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
        const at = line.indexOf(":")
        if (at > 0) responseHeaders[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim()
      }
      resolve({ status: xhr.status, headers: responseHeaders, body: parseBody(xhr.responseText) })
    }
    xhr.onerror = () => reject(new Error("network error"))
    xhr.ontimeout = () => reject(new Error("timeout"))
    signal.addEventListener("abort", () => xhr.abort())
    xhr.send(body ?? null)
  })
