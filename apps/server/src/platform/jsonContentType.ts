import { type AnyRoute, fail } from "@mido/core"
import type { Context } from "hono"
import { Codes } from "./failure.js"

export const NOT_JSON_MESSAGE = "请求格式错误：需要 application/json"

/** `application/json` or a `+json` type, with or without parameters (`; charset=utf-8`), in any case. */
export const isJsonContentType = (header: string | undefined): boolean => {
  const type = (header ?? "").split(";", 1)[0]!.trim().toLowerCase()
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"))
}

/**
 * R12: a route whose input is a JSON body takes a JSON body only. A body declared as text, a form or
 * nothing at all is answered 415 with the envelope before anything reads it, instead of being parsed
 * as JSON anyway (a form post from another site would otherwise reach a JSON route as a "simple"
 * cross-origin request). Query and multipart routes are not concerned.
 */
export const refuseNonJsonBody = (hono: Context, route: AnyRoute): Response | undefined => {
  if (route.encoding !== "json" || isJsonContentType(hono.req.header("content-type"))) return undefined
  return hono.json(fail(Codes.unsupportedMediaType, NOT_JSON_MESSAGE), 415)
}
