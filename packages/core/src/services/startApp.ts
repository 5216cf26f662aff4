import { Effect } from "effect"
import { Config } from "./Config.js"
import { Session } from "./Session.js"

export interface StartupReport {
  readonly loggedIn: boolean
  readonly configLoaded: boolean
  /** The address's query without ?token= (R8): the app replaces the URL with it before rendering. */
  readonly search: string
}

/**
 * The start-up sequence (spec §7 "Start-up"): the token from the address, the auth check, the user
 * refresh (a -401 there has already logged out), then the system config. A config failure is only
 * logged (spec §8): the app still starts, with the last stored config.
 */
export const startApp = (search: string) =>
  Effect.gen(function* () {
    const session = yield* Session
    const config = yield* Config
    const token = yield* session.acceptUrlToken(search)
    if (yield* session.isLoggedIn) {
      yield* session.refreshUser.pipe(
        Effect.catchAll((error) => Effect.logWarning("user refresh failed at start-up", error._tag))
      )
    }
    const configLoaded = yield* config.load.pipe(
      Effect.as(true),
      Effect.catchAll((error) => Effect.as(Effect.logError("config load failed; starting with the stored config", error._tag), false))
    )
    return { loggedIn: yield* session.isLoggedIn, configLoaded, search: token.search } satisfies StartupReport
  })
