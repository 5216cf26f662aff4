import { type AnyRoute, fail, ok, type RouteData, type RouteInput } from "@mido/core"
import { Schema, SchemaAST } from "effect"
import type { Context, Hono } from "hono"
import { ApiFailure, Codes } from "./failure.js"
import type { ServerDeps } from "./deps.js"
import { clientIp } from "./clientIp.js"
import { answerFailure } from "./failureAnswer.js"
import { encodesAsIdentity } from "./identityEncode.js"
import { isInWireForm } from "./wireData.js"
import { makeQueryInputMemo } from "./queryInputMemo.js"
import { errorFields, sqlstateOf } from "./errorFields.js"
import { fieldName, inputFailure } from "./inputFailure.js"
import { refuseNonJsonBody } from "./jsonContentType.js"
import { queryStringOf, readRouteInput } from "./requestInput.js"
import { Refusal, refusalCodes } from "./refusal.js"
import { isAnonymous, markPrivate, sharedAnswer, type SharedAnswers } from "./sharedAnswer.js"
import { memberAnswerText } from "./memberAnswer.js"
import { userForToken } from "./tokens.js"
import { BANNED_MESSAGE, isBanned } from "./userBan.js"

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

/** Struct({}) lets unknown keys through even with onExcessProperty "error"; a route with no fields takes none (R12). */
const takesNoFields = (route: AnyRoute) => {
  const ast = SchemaAST.encodedAST(route.input.ast)
  return ast._tag === "TypeLiteral" && ast.propertySignatures.length === 0 && ast.indexSignatures.length === 0
}

export interface ServeOptions<R extends AnyRoute = AnyRoute> {
  /**
   * "identity": the handler returns data already in wire form, built by the server itself from typed
   * rows, and the route's data schema encodes as the identity (no transformation anywhere: checked
   * here, at registration), so the per-request Schema encode is skipped — on the feed it cost about
   * half of the request's CPU. The input is still decoded and refused as usual; a test decodes the
   * answer with the route's schema (unknown fields refused) to prove the shape holds.
   */
  readonly output?: "encode" | "identity"
  /**
   * Anonymous answers come from this process's shared cache (platform/sharedAnswer.ts: ETag,
   * Cache-Control, 304); a request with an Authorization header is answered fresh and `no-store`.
   * Refusals and errors are never kept. With `viewerFlags`, a member's answer is the kept one's data
   * with their own flags written into its text (ADR 0027, memberAnswer.ts), still `no-store`.
   */
  readonly shared?: SharedAnswers<RouteInput<R>, RouteData<R>>
}

/**
 * Serves one route of the contract: refuses a JSON route's body that is not declared JSON (415,
 * jsonContentType.ts), checks the login, reads the input as the route says (query, JSON, multipart)
 * and screens it (requestInput.ts: depth, NUL, unpaired surrogates), decodes it with the route's own
 * schema — unknown fields refused (R12), the msg from inputFailure.ts — runs the handler and answers
 * `{code, msg, data}` with data encoded by the route's schema. Bad input is always a 400, never a
 * 500; a server error is logged without values (errorFields.ts, R38).
 */
export const implement = <R extends AnyRoute>(app: Hono, deps: ServerDeps, route: R, handler: Handler<R>, options: ServeOptions<R> = {}) =>
  serve(app, deps, route, handler, options)

/** Like `implement`, for routes that need a login: the handler always has a uid. */
export const implementAuthed = <R extends AnyRoute>(
  app: Hono,
  deps: ServerDeps,
  route: R,
  handler: Handler<R, AuthedContext>,
  options: ServeOptions<R> = {}
) => {
  if (route.auth !== "required") throw new Error(`${route.name} is not a login-required route`)
  serve(app, deps, route, handler as Handler<R>, options)
}

const serve = <R extends AnyRoute>(app: Hono, deps: ServerDeps, route: R, handler: Handler<R>, options: ServeOptions<R>) => {
  // everything that depends on the route only is built once here, not per request
  const noFields = takesNoFields(route)
  const decode = Schema.decodeUnknownEither(route.input)
  const encode: (data: RouteData<R>) => unknown = options.output === "identity" ? identityOutput(route) : Schema.encodeSync(route.data)
  const memo = route.encoding === "query" ? makeQueryInputMemo<RouteInput<R>>() : undefined
  // the route's input, decoded (or kept from the same query string: queryInputMemo.ts), or the refusal to send
  const readInput = async (hono: Context): Promise<{ readonly input: RouteInput<R> } | Response> => {
    const query = memo === undefined ? "" : queryStringOf(hono.req.url)
    const known = memo?.get(query)
    if (known !== undefined) return { input: known }
    const raw = await readRouteInput(hono, route)
    const [extra] = noFields && raw !== null && typeof raw === "object" ? Object.keys(raw) : []
    if (extra !== undefined) {
      const name = fieldName([extra])
      return hono.json(fail(Codes.badInput, name === "" ? "含有不支持的参数" : `不支持的参数 ${name}`))
    }
    const decoded = decode(raw, { onExcessProperty: "error" })
    if (decoded._tag === "Left") {
      const { msg, detail } = inputFailure(decoded.left)
      deps.log.info("input refused", { route: route.name, detail })
      return hono.json(fail(Codes.badInput, msg))
    }
    memo?.keep(query, decoded.right)
    return { input: decoded.right }
  }
  app.on(route.method, route.path, async (hono) => {
    try {
      const notJson = refuseNonJsonBody(hono, route)
      if (notJson !== undefined) return notJson
      const uid = await userForToken(deps.db, hono.req.header("authorization"), deps.now(), deps.sessions)
      if (route.auth === "required" && uid === undefined) return hono.json(fail(Codes.unauthorized, "请先登录"))
      // a banned account may read but not write (issue 29; the ban also ended its sessions)
      if (uid !== undefined && route.method === "POST" && (await isBanned(deps.db, uid))) return hono.json(fail(Codes.forbidden, BANNED_MESSAGE))
      const read = await readInput(hono)
      if (read instanceof Response) return read
      const { input } = read
      const context: RequestContext = { deps, uid, ip: clientIp(hono, deps.config.trustProxy), hono }
      if (options.shared !== undefined) {
        const shared = options.shared
        // the visitor's answer, as text and as data (a member's starts from it); its rows are read as nobody's
        const fillShared = async () => {
          const data = await handler(input, { ...context, uid: undefined })
          return { body: JSON.stringify(ok(encode(data))), data }
        }
        if (isAnonymous(hono)) return await sharedAnswer(hono, shared, input, fillShared)
        markPrivate(hono)
        if (shared.viewerFlags !== undefined && shared.cache.ttlMs > 0 && (shared.sharesWithViewer?.(input) ?? true)) {
          const page = shared.key(input)
          const kept = await shared.cache.answer(page, fillShared)
          if (uid === undefined) return hono.body(kept.bytes, 200, JSON_TYPE)
          const { data } = kept
          if (data !== null && typeof data === "object") {
            const keptFlags = { cache: deps.viewerFlags, page }
            return hono.body(await memberAnswerText({ ...kept, data: data as RouteData<R> & object }, shared.viewerFlags, input, uid, encode, keptFlags), 200, JSON_TYPE)
          }
        }
      }
      const data = await handler(input, context)
      return hono.json(ok(isInWireForm(data) ? data : encode(data)))
    } catch (error) {
      if (error instanceof ApiFailure) return answerFailure(hono, error.code, error.msg, error.retryAfterSeconds)
      if (error instanceof Refusal) return answerFailure(hono, refusalCodes[error.kind], error.message, error.retryAfterSeconds)
      // a value the database cannot take (class 22, data exception) is the request's fault, not the server's
      if (sqlstateOf(error)?.startsWith("22") === true) {
        deps.log.warn("input refused by the database", { route: route.name, ...errorFields(error) })
        return hono.json(fail(Codes.badInput, "请求参数格式不正确"))
      }
      deps.log.error("request failed", { route: route.name, ...errorFields(error) })
      return hono.json(fail(Codes.server, "服务器开小差了，请稍后再试"), 500)
    }
  })
}

// what hono.json sends, so a member's text answer carries the same header as an encoded one
const JSON_TYPE = { "Content-Type": "application/json" }

const identityOutput = <R extends AnyRoute>(route: R) => {
  if (!encodesAsIdentity(route.data.ast)) throw new Error(`${route.name}: its data schema transforms on encode; it cannot skip the encode`)
  return (data: RouteData<R>): unknown => data
}
