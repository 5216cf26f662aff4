import { type InputCallError, userMessage } from "@mido/core"

/** Shown for a failure that has no text of its own (a defect, an unknown error). Ours: spec §8 gives none. */
export const GENERIC_ERROR_TEXT = "操作失败，请稍后重试"

const CALL_ERROR_TAGS: ReadonlySet<string> = new Set(["Unauthorized", "ApiError", "NetworkError", "DecodeError", "RequestError", "InvalidInput"])

const tagOf = (error: unknown): string | undefined =>
  typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string" ? error._tag : undefined

const isCallError = (error: unknown): error is InputCallError => CALL_ERROR_TAGS.has(tagOf(error) ?? "")

/** Code -401 (spec §6, §8): the core has already cleared the token; the app sends the person to /login. */
export const isUnauthorized = (error: unknown): boolean => tagOf(error) === "Unauthorized"

/**
 * Spec §8: the text of the error toast for a failed call: the server's msg for code ≠ 0, the core's
 * texts for network, decode and input errors (`userMessage`), the own Chinese `message` of a service
 * error (AgreementRequired, PaymentUnconfirmed, upload errors), and nothing for -401.
 */
export const errorText = (error: unknown): string | undefined => {
  if (isCallError(error)) return userMessage(error)
  if (tagOf(error) !== undefined && typeof error === "object" && error !== null && "message" in error && typeof error.message === "string" && error.message !== "") {
    return error.message
  }
  return GENERIC_ERROR_TEXT
}
