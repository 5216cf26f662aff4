import type { CoreServices } from "@mido/core"
import { Cause, type Effect, Exit } from "effect"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { FetchPage, Page, PageRequest } from "./Page.js"

/**
 * A PagedList's `fetchPage` over a core service: the call runs through the store's ServiceRunner (its
 * lifetime, and the error policy of spec §8 for a failure, which the list also keeps for retry); a
 * call interrupted by the list (a newer request) or by the runner (dispose) gives no answer.
 */
export const pagesFromCore = <Item, Cursor, Params, E>(
  runner: ServiceRunner,
  load: (request: PageRequest<Cursor, Params>) => Effect.Effect<Page<Item, Cursor>, E, CoreServices>
): FetchPage<Item, Cursor, Params> =>
  async (request) => {
    const exit = await runner.exit(load(request), request.signal)
    if (Exit.isSuccess(exit)) return exit.value
    if (Cause.isInterruptedOnly(exit.cause)) return undefined
    runner.reportCause(exit.cause)
    const failure = Cause.failureOption(exit.cause)
    throw failure._tag === "Some" ? failure.value : Cause.squash(exit.cause)
  }
