import { Either, ParseResult, Schema } from "effect"

/** One `mido rule NAME` command: decodes one JSON value, runs a core rule, returns one JSON value. */
export interface RuleCommand {
  readonly name: string
  readonly summary: string
  readonly execute: (input: unknown) => Either.Either<unknown, string>
}

export const defineRule = <A, I>(spec: {
  readonly name: string
  readonly summary: string
  readonly input: Schema.Schema<A, I>
  readonly run: (input: A) => unknown
}): RuleCommand => ({
  name: spec.name,
  summary: spec.summary,
  execute: (input) =>
    Schema.decodeUnknownEither(spec.input, { onExcessProperty: "ignore" })(input).pipe(
      Either.mapLeft((error) => ParseResult.TreeFormatter.formatErrorSync(error)),
      Either.map(spec.run)
    )
})
