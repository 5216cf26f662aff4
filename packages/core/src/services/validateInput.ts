import { Effect, ParseResult, Schema } from "effect"
import { InvalidInput } from "../api/ApiErrors.js"
import type { AnyRoute, RouteInput } from "../api/Route.js"

/**
 * Checks what a person typed against a route's input schema before anything is sent: the value comes
 * back cleaned (trimmed, typed), or an InvalidInput carrying the schema's own Chinese message.
 */
export const validateInput = <R extends AnyRoute>(route: R, raw: unknown): Effect.Effect<RouteInput<R>, InvalidInput> =>
  Schema.decodeUnknown(route.input)(raw, { onExcessProperty: "error" }).pipe(
    Effect.mapError((error) => {
      const [issue] = ParseResult.ArrayFormatter.formatErrorSync(error)
      return new InvalidInput({
        route: route.name,
        field: issue?.path.join(".") ?? "",
        message: issue?.message ?? "输入有误"
      })
    })
  ) as Effect.Effect<RouteInput<R>, InvalidInput>
