import { type AnyRoute, ApiClient, ApiClientLive, AuthTokenLive, type CallError, StorageKeys } from "@mido/core"
import { FetchHttpLayer } from "@mido/core/browser"
import { allRoutes } from "@mido/core/contract"
import { MemoryKeyValueStoreLayer } from "@mido/core/testing"
import { Effect, Either, Layer, ParseResult, Schema } from "effect"
import type { CommandResult } from "./rule.js"

const fail = (exitCode: number, message: string): CommandResult => ({ exitCode, stdout: "", stderr: `${message}\n` })

/** The client stack the harness talks through: live HTTP to `baseUrl`, the token in memory. */
export const harnessClientLayer = (baseUrl: string, token: string | undefined) => {
  const stored: Record<string, string> = token === undefined ? {} : { [StorageKeys.auth]: JSON.stringify({ token }) }
  const ports = Layer.merge(FetchHttpLayer({ baseUrl }), MemoryKeyValueStoreLayer(stored))
  const auth = Layer.provideMerge(AuthTokenLive, ports)
  return Layer.provideMerge(ApiClientLive, auth)
}

/** A route by its name ("user.info") or by its path ("/api/v1/user/info"). */
export const findRoute = (name: string): AnyRoute | undefined =>
  allRoutes.find((route) => route.name === name || route.path === name)

/** Query inputs travel as text, so numbers and booleans typed in --json are turned into text first. */
const toWire = (route: AnyRoute, json: unknown): unknown =>
  route.encoding === "query" && json !== null && typeof json === "object" && !Array.isArray(json)
    ? Object.fromEntries(Object.entries(json).map(([key, value]) => [key, typeof value === "number" || typeof value === "boolean" ? String(value) : value]))
    : json

export const describeError = (error: CallError) => {
  switch (error._tag) {
    case "ApiError":
      return { error: error._tag, route: error.route, code: error.code, msg: error.msg }
    case "Unauthorized":
      return { error: error._tag, route: error.route, code: -401, msg: error.msg }
    case "NetworkError":
      return { error: error._tag, route: error.route, reason: error.reason }
    case "DecodeError":
    case "RequestError":
      return { error: error._tag, route: error.route, field: error.field, reason: error.reason }
  }
}

/**
 * `mido api ROUTE --base-url URL [--token T] [--json '{…}']`: one call of the contract against a live
 * server. Prints the decoded data (exit 0) or the typed error as JSON on stderr (exit 1); a bad route
 * or input exits 2.
 */
export const runApi = async (routeName: string | undefined, options: ReadonlyMap<string, string>): Promise<CommandResult> => {
  const baseUrl = options.get("base-url")
  if (routeName === undefined || baseUrl === undefined) return fail(2, "usage: mido api ROUTE --base-url URL [--token T] [--json '{…}']")
  const route = findRoute(routeName)
  if (route === undefined) return fail(2, `unknown route "${routeName}"; names look like user.info or commerce.orderCreate`)
  let json: unknown = {}
  try {
    json = JSON.parse(options.get("json") ?? "{}")
  } catch (error) {
    return fail(2, `--json is not JSON: ${error instanceof Error ? error.message : String(error)}`)
  }
  const input = Schema.decodeUnknownEither(route.input)(toWire(route, json), { onExcessProperty: "error" })
  if (Either.isLeft(input)) return fail(2, `bad input for ${route.name}:\n${ParseResult.TreeFormatter.formatErrorSync(input.left)}`)
  const program = Effect.flatMap(ApiClient, (api) => api.call(route, input.right)).pipe(
    Effect.either,
    Effect.provide(harnessClientLayer(baseUrl, options.get("token")))
  )
  const result = await Effect.runPromise(program)
  return Either.isRight(result)
    ? { exitCode: 0, stdout: `${JSON.stringify(result.right, null, 2)}\n`, stderr: "" }
    : { exitCode: 1, stdout: "", stderr: `${JSON.stringify(describeError(result.left))}\n` }
}
