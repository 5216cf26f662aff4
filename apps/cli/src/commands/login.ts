import { Session, SessionLive, userMessage } from "@mido/core"
import { Effect, Either, Layer } from "effect"
import { harnessClientLayer } from "./api.js"
import type { CommandResult } from "./rule.js"

/** `mido login --phone P --code C --base-url URL`: logs in by SMS code and prints the token. */
export const runLogin = async (options: ReadonlyMap<string, string>): Promise<CommandResult> => {
  const phone = options.get("phone")
  const code = options.get("code")
  const baseUrl = options.get("base-url")
  if (phone === undefined || code === undefined || baseUrl === undefined) {
    return { exitCode: 2, stdout: "", stderr: "usage: mido login --phone P --code C --base-url URL\n" }
  }
  const layer = Layer.provideMerge(SessionLive, harnessClientLayer(baseUrl, undefined))
  const result = await Effect.runPromise(
    Effect.flatMap(Session, (session) => session.loginWithCode(phone, code)).pipe(Effect.either, Effect.provide(layer))
  )
  if (Either.isRight(result)) return { exitCode: 0, stdout: `${result.right.token}\n`, stderr: "" }
  const error = result.left
  const message = userMessage(error) ?? "登录失败"
  return { exitCode: error._tag === "InvalidInput" ? 2 : 1, stdout: "", stderr: `${message}\n` }
}
