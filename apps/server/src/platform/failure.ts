/**
 * The business codes the server answers with in the envelope (spec §7: code 0 success, -401 login
 * required). Everything else carries a Chinese `msg` the web app shows as a toast (spec §8).
 */
export const Codes = {
  unauthorized: -401,
  badInput: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  /** A request body over its cap (platform/bodyLimit.ts), answered with HTTP 413 too. */
  tooLarge: 413,
  /** A JSON route's body sent as something else (platform/jsonContentType.ts), answered with HTTP 415 too. */
  unsupportedMediaType: 415,
  tooMany: 429,
  server: 500,
  /** A provider (SMS, payment) is not answering: try again later. */
  unavailable: 503
} as const

/**
 * Thrown by handlers to answer with a code and a message; nothing written in the request stays.
 * `retryAfterSeconds`: for a 429, when the limit frees up (the `Retry-After` header, R37).
 */
export class ApiFailure extends Error {
  constructor(readonly code: number, readonly msg: string, readonly retryAfterSeconds?: number) {
    super(msg)
  }
}

export const badInput = (msg: string) => new ApiFailure(Codes.badInput, msg)
export const notFound = (msg = "内容不存在或已删除") => new ApiFailure(Codes.notFound, msg)
export const forbidden = (msg = "没有权限操作") => new ApiFailure(Codes.forbidden, msg)
export const conflict = (msg: string) => new ApiFailure(Codes.conflict, msg)
/** A limit was hit (R37); `retryAfterSeconds` when the limit knows when it frees up, else the default. */
export const tooMany = (msg = "操作太频繁，请稍后再试", retryAfterSeconds?: number) => new ApiFailure(Codes.tooMany, msg, retryAfterSeconds)
