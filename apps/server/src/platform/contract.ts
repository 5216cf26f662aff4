import { type AnyRoute, fail, ok, type RouteData, type RouteInput } from "@mido/core"
import { ParseResult, Schema, SchemaAST } from "effect"
import type { Context, Hono } from "hono"
import { ApiFailure, Codes } from "./failure.js"
import type { ServerDeps } from "./deps.js"
import { clientIp } from "./clientIp.js"
import { answerFailure } from "./failureAnswer.js"
import { encodesAsIdentity } from "./identityEncode.js"
import { Refusal, refusalCodes } from "./refusal.js"
import { userForToken } from "./tokens.js"

export interface RequestContext {
  readonly deps: ServerDeps
  /** The logged-in user, when the request carries a live token. */
  readonly uid: number | undefined
  readonly ip: string
  readonly hono: Context
}

export interface AuthedContext extends RequestContext {
  readonly uid: number
}

export type Handler<R extends AnyRoute, C extends RequestContext = RequestContext> = (input: RouteInput<R>, context: C) => Promise<RouteData<R>>

const firstMessage = (error: ParseResult.ParseError) => {
  const [issue] = ParseResult.ArrayFormatter.formatErrorSync(error)
  const field = issue?.path.join(".")
  return issue === undefined ? "参数错误" : /[\u4e00-\u9fff]/.test(issue.message) ? issue.message : `参数错误：${field || "请求"} ${issue.message}`
}

const readRaw = async (hono: Context, route: AnyRoute): Promise<unknown> => {
  if (route.encoding === "query") {
    return Object.fromEntries(Object.entries(hono.req.queries()).map(([key, values]) => [key, values[0]]))
  }
  if (route.encoding === "multipart") return hono.req.parseBody()
  const text = await hono.req.text()
  if (text.trim() === "") return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiFailure(Codes.badInput, "请求格式错误")
  }
}

/** Struct({}) lets unknown keys through even with onExcessProperty "error"; a route with no fields takes none (R12). */
const takesNoFields = (route: AnyRoute) => {
  const ast = SchemaAST.encodedAST(route.input.ast)
  return ast._tag === "TypeLiteral" && ast.propertySignatures.length === 0 && ast.indexSignatures.length === 0
}

export interface ServeOptions {
  /**
   * "identity": the handler returns data already in wire form, built by the server itself from typed
   * rows, and the route's data schema encodes as the identity (no transformation anywhere: checked
   * here, at registration), so the per-request Schema encode is skipped — on the feed it cost about
   * half of the request's CPU. The input is still decoded and refused as usual; a test decodes the
   * answer with the route's schema (unknown fields refused) to prove the shape holds.
   */
  readonly output?: "encode" | "identity"
}

/**
 * Serves one route of the contract: reads the input as the route says (query, JSON, multipart),
 * decodes it with the route's own schema — unknown fields refused (R12) — checks the login, runs the
 * handler and answers `{code, msg, data}` with data encoded by the route's schema.
 */
export const implement = <R extends AnyRoute>(app: Hono, deps: ServerDeps, route: R, handler: Handler<R>, options: ServeOptions = {}) =>
  serve(app, deps, route, handler, options)

/** Like `implement`, for routes that need a login: the handler always has a uid. */
export const implementAuthed = <R extends AnyRoute>(
  app: Hono,
  deps: ServerDeps,
  route: R,
  handler: Handler<R, AuthedContext>,
  options: ServeOptions = {}
) => {
  if (route.auth !== "required") throw new Error(`${route.name} is not a login-required route`)
  serve(app, deps, route, handler as Handler<R>, options)
}

const serve = <R extends AnyRoute>(app: Hono, deps: ServerDeps, route: R, handler: Handler<R>, options: ServeOptions) => {
  // everything that depends on the route only is built once here, not per request
  const noFields = takesNoFields(route)
  const decode = Schema.decodeUnknownEither(route.input)
  const encode: (data: RouteData<R>) => unknown = options.output === "identity" ? identityOutput(route) : Schema.encodeSync(route.data)
  app.on(route.method, route.path, async (hono) => {
    try {
      const uid = await userForToken(deps.db, hono.req.header("authorization"), deps.now())
      if (route.auth === "required" && uid === undefined) return hono.json(fail(Codes.unauthorized, "请先登录"))
      const raw = await readRaw(hono, route)
      if (noFields && raw !== null && typeof raw === "object" && Object.keys(raw).length > 0) {
        return hono.json(fail(Codes.badInput, `参数错误：不支持的参数 ${Object.keys(raw).join(", ")}`))
      }
      const decoded = decode(raw, { onExcessProperty: "error" })
      if (decoded._tag === "Left") return hono.json(fail(Codes.badInput, firstMessage(decoded.left)))
      const context: RequestContext = { deps, uid, ip: clientIp(hono, deps.config.trustProxy), hono }
      const data = await handler(decoded.right, context)
      return hono.json(ok(encode(data)))
    } catch (error) {
      if (error instanceof ApiFailure) return answerFailure(hono, error.code, error.msg, error.retryAfterSeconds)
      if (error instanceof Refusal) return answerFailure(hono, refusalCodes[error.kind], error.message, error.retryAfterSeconds)
      deps.log.error("request failed", { route: route.name, error: error instanceof Error ? error.stack : String(error) })
      return hono.json(fail(Codes.server, "服务器开小差了，请稍后再试"), 500)
    }
  })
}

const identityOutput = <R extends AnyRoute>(route: R) => {
  if (!encodesAsIdentity(route.data.ast)) throw new Error(`${route.name}: its data schema transforms on encode; it cannot skip the encode`)
  return (data: RouteData<R>): unknown => data
}
