import { Context, Data, Effect, Either, Layer } from "effect"
import { describe, expect, it } from "vitest"
import type { NetworkError } from "../api/ApiErrors.js"
import { type DeferredMembers, deferredService } from "./deferredService.js"

// The helper itself, on a made-up service: what a deferred service gets from one `deferredService`
// line. The real four are covered by their own tests and deferredServices.test.ts.

class Refused extends Data.TaggedError("Refused")<{ readonly reason: string }> {}

interface GreeterShape {
  /** an Effect member */
  readonly hello: Effect.Effect<string, NetworkError>
  /** a call whose errors include NetworkError */
  readonly greet: (name: string) => Effect.Effect<string, NetworkError | Refused>
  /** a call without NetworkError: answers offline */
  readonly count: (name: string) => Effect.Effect<number, Refused>
  /** a pure rule */
  readonly shout: (text: string) => string
}
class Greeter extends Context.Tag("@mido/core/test/Greeter")<Greeter, GreeterShape>() {}

/** What the implementation reads from the context when it is built. */
class Punctuation extends Context.Tag("@mido/core/test/Punctuation")<Punctuation, string>() {}

const shout = (text: string) => text.toUpperCase()

const greeterMembers: DeferredMembers<GreeterShape> = {
  hello: "effect",
  greet: "call",
  count: { offline: (_error, name) => Effect.succeed(-name.length) },
  shout: { atOnce: shout }
}

/** A load that can be told to fail (a chunk fetch offline), counting its calls. */
const scriptedCode = () => {
  let calls = 0
  let offline = false
  const implementation = Effect.map(Punctuation, (mark): GreeterShape => ({
    hello: Effect.succeed(`hello${mark}`),
    greet: (name) => (name === "" ? Effect.fail(new Refused({ reason: "no name" })) : Effect.succeed(`hello ${name}${mark}`)),
    count: (name) => (name === "" ? Effect.fail(new Refused({ reason: "no name" })) : Effect.succeed(name.length)),
    shout
  }))
  const load = () => {
    calls += 1
    return offline ? Promise.reject(new Error("Failed to fetch dynamically imported module")) : Promise.resolve(implementation)
  }
  return { load, calls: () => calls, setOffline: (value: boolean) => void (offline = value) }
}

const withGreeter = <A, E>(code: ReturnType<typeof scriptedCode>, use: (greeter: GreeterShape) => Effect.Effect<A, E>) =>
  Effect.runPromise(
    Effect.flatMap(Greeter, use).pipe(
      Effect.provide(deferredService(Greeter, greeterMembers, code.load).pipe(Layer.provide(Layer.succeed(Punctuation, "!"))))
    )
  )

describe("deferredService: a service whose code is fetched on first use, from one line", () => {
  it("nothing is loaded when the runtime starts, nor by a pure member", async () => {
    const code = scriptedCode()
    const shouted = await withGreeter(code, (greeter) => Effect.succeed(greeter.shout("hi")))
    expect([shouted, code.calls()]).toEqual(["HI", 0])
  })

  it("Effect and call members run the implementation, built over what the context held at start", async () => {
    const code = scriptedCode()
    const answers = await withGreeter(code, (greeter) => Effect.all([greeter.hello, greeter.greet("米豆"), greeter.count("abc")]))
    expect(answers).toEqual(["hello!", "hello 米豆!", 3])
    expect(code.calls()).toBe(1)
  })

  it("concurrent first uses share one load", async () => {
    const code = scriptedCode()
    await withGreeter(code, (greeter) => Effect.all([greeter.hello, greeter.greet("a"), greeter.greet("b")], { concurrency: "unbounded" }))
    expect(code.calls()).toBe(1)
  })

  it("a failed load is a NetworkError naming the code, or the member's offline answer; it is forgotten and retried", async () => {
    const code = scriptedCode()
    code.setOffline(true)
    const offline = await withGreeter(code, (greeter) =>
      Effect.gen(function* () {
        const hello = yield* Effect.either(greeter.hello)
        const greet = yield* Effect.either(greeter.greet("a"))
        const count = yield* greeter.count("abcd")
        code.setOffline(false)
        const again = yield* greeter.greet("a")
        return { hello, greet, count, again }
      })
    )
    expect(Either.isLeft(offline.hello) && offline.hello.left).toMatchObject({ _tag: "NetworkError", route: "code:Greeter" })
    expect(Either.isLeft(offline.greet) && offline.greet.left._tag).toBe("NetworkError")
    expect(offline.count).toBe(-4)
    expect(offline.again).toBe("hello a!")
    expect(code.calls()).toBe(4)
  })

  it("the implementation's own failures pass through: the offline answer is for a failed load only", async () => {
    const code = scriptedCode()
    const failure = await withGreeter(code, (greeter) => Effect.flip(greeter.count("")))
    expect(failure).toMatchObject({ _tag: "Refused", reason: "no name" })
  })
})
