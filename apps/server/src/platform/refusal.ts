import { Codes } from "./failure.js"

/**
 * Why a feature's service refuses a request, in its own words. Services throw their feature's
 * subclass (ArtworkRefusal, CommunityRefusal…) and know nothing of answers; the edge
 * (contract.ts) maps the kind to the envelope's code, with the message as the user sees it.
 */
export type RefusalKind = "badInput" | "notFound" | "forbidden" | "conflict" | "tooMany"

export class Refusal extends Error {
  /** `retryAfterSeconds`: for "tooMany", when the limit frees up (R37's `Retry-After`). */
  constructor(readonly kind: RefusalKind, message: string, readonly retryAfterSeconds?: number) {
    super(message)
  }
}

export const refusalCodes: Readonly<Record<RefusalKind, number>> = {
  badInput: Codes.badInput,
  notFound: Codes.notFound,
  forbidden: Codes.forbidden,
  conflict: Codes.conflict,
  tooMany: Codes.tooMany
}

/** A feature's refusal helpers, each making an instance of the feature's own Refusal class. */
export const refusalsOf = (Feature: new (kind: RefusalKind, message: string, retryAfterSeconds?: number) => Refusal) => ({
  badInput: (message: string) => new Feature("badInput", message),
  notFound: (message = "内容不存在或已删除") => new Feature("notFound", message),
  forbidden: (message = "没有权限操作") => new Feature("forbidden", message),
  conflict: (message: string) => new Feature("conflict", message),
  tooMany: (message = "操作太频繁，请稍后再试", retryAfterSeconds?: number) => new Feature("tooMany", message, retryAfterSeconds)
})
