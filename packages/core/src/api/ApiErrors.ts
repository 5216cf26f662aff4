import { Data } from "effect"

/** Code -401 (spec §6, §8): the token is missing or no longer valid; the session logs out (R9). */
export class Unauthorized extends Data.TaggedError("Unauthorized")<{
  readonly route: string
  readonly msg: string
}> {}

/** Any other code than 0 and -401: the server's msg is what the user sees (spec §8). */
export class ApiError extends Data.TaggedError("ApiError")<{
  readonly route: string
  readonly code: number
  readonly msg: string
}> {}

/** The request never got a well-formed answer: offline, DNS, timeout, a non-JSON body, HTTP 5xx. */
export class NetworkError extends Data.TaggedError("NetworkError")<{
  readonly route: string
  readonly reason: string
}> {}

/** The answer had code 0 but its data did not match the contract; `field` names the bad field. */
export class DecodeError extends Data.TaggedError("DecodeError")<{
  readonly route: string
  readonly field: string
  readonly reason: string
}> {}

/** The request could not be encoded from the caller's input (a programming error, caught early). */
export class RequestError extends Data.TaggedError("RequestError")<{
  readonly route: string
  readonly field: string
  readonly reason: string
}> {}

/** What the person typed does not pass the route's input rules; `message` is the text to show. */
export class InvalidInput extends Data.TaggedError("InvalidInput")<{
  readonly route: string
  readonly field: string
  readonly message: string
}> {}

export type CallError = Unauthorized | ApiError | NetworkError | DecodeError | RequestError

/** A call preceded by checking the person's input against the route's schema. */
export type InputCallError = CallError | InvalidInput

/** The text a person should see for a failed call (spec §8); -401 shows nothing, it logs out. */
export const userMessage = (error: InputCallError): string | undefined => {
  switch (error._tag) {
    case "InvalidInput":
      return error.message
    case "Unauthorized":
      return undefined
    case "ApiError":
      return error.msg
    case "NetworkError":
      return "网络异常，请检查网络后重试"
    case "DecodeError":
    case "RequestError":
      return "数据异常，请稍后重试"
  }
}
