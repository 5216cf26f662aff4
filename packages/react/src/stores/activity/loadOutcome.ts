import { ApiError } from "@mido/core"
import { Cause, Exit, Option } from "effect"
import { errorText, GENERIC_ERROR_TEXT } from "../errorPolicy.js"

/** How a page's main load ended: shown, refused by the server (活动不存在或已下线), or failed (重试). */
export type PageStatus = "idle" | "loading" | "ready" | "missing" | "error"

/** The status and words of a failed load: the server's refusal is "missing", anything else "error". */
export const failedLoad = (exit: Exit.Exit<unknown, unknown>): { status: PageStatus; problem: string } => {
  if (Exit.isSuccess(exit)) return { status: "ready", problem: "" }
  return problemOf(Option.getOrUndefined(Cause.failureOption(exit.cause)))
}

/** The same for a list's kept failure (a PagedList's `error`). */
export const problemOf = (failure: unknown): { status: PageStatus; problem: string } =>
  failure instanceof ApiError
    ? { status: "missing", problem: failure.msg }
    : { status: "error", problem: errorText(failure) ?? GENERIC_ERROR_TEXT }
