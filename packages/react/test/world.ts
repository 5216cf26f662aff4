import { Analytics, Config, FileSaver, Http, type HttpRequest, type HttpResponse, KeyValueStore, makeCoreRuntime, StorageKeys } from "@mido/core"
import { envelope, makeMemoryAnalytics, makeMemoryFileSaver, makeMemoryHttp, makeMemoryKeyValueStore, storedLogin } from "@mido/core/testing"
import { Effect, Layer } from "effect"
import { vi } from "vitest"
import { RootStore } from "../src/stores/RootStore.js"
import type { StoreHost, Viewport } from "../src/stores/StoreHost.js"
import { STORED_TOKEN, user } from "./fixtures.js"

export type Answer = (request: HttpRequest) => HttpResponse | Effect.Effect<HttpResponse> | undefined
export type Answers = Record<string, Answer>

export interface WorldOptions {
  readonly answers?: Answers
  readonly stored?: Readonly<Record<string, string>>
  readonly host?: StoreHost
}

/** The core's runtime over in-memory ports: a fake server (`handler`), storage, analytics, downloads. */
const memoryRuntime = (handler: Parameters<typeof makeMemoryHttp>[0], stored: Readonly<Record<string, string>> = {}) => {
  const memory = makeMemoryHttp(handler)
  const kv = makeMemoryKeyValueStore(stored)
  const analytics = makeMemoryAnalytics()
  const files = makeMemoryFileSaver()
  const runtime = makeCoreRuntime(Layer.mergeAll(
    Layer.succeed(Http, memory.http),
    Layer.succeed(KeyValueStore, kv.store),
    Layer.succeed(Analytics, analytics.analytics),
    Layer.succeed(FileSaver, files.fileSaver)
  ))
  return { memory, kv, analytics, files, runtime }
}

// The client's Schema code loads with the first call (ADR 0032); one call here, once per worker (the
// suite shares modules, isolate: false), keeps that import out of the first test's waits
{
  const warm = memoryRuntime(() => envelope(0, { list: [] })).runtime
  await warm.runPromise(Effect.flatMap(Config, (config) => Effect.ignore(config.load)))
  await warm.dispose()
}

/** A stored login with its cached user, as a returning visitor has. */
export const loggedIn = (extra: Readonly<Record<string, string>> = {}) => ({
  ...storedLogin(STORED_TOKEN),
  [StorageKeys.user]: JSON.stringify(user),
  ...extra
})

/**
 * The core's in-memory world (a fake server, storage, analytics, downloads) under a real core
 * runtime and a RootStore. `answers` may be changed while the test runs.
 */
export const makeWorld = ({ answers = {}, stored = {}, host = {} }: WorldOptions = {}) => {
  // an empty config by default, so a start-up without one is quiet
  const server: Answers = { "/api/v1/open/config/app_config": () => envelope(0, { list: [] }), ...answers }
  const { memory, kv, analytics, files, runtime } = memoryRuntime((request) => server[request.url]?.(request), stored)
  const store = new RootStore({ runtime, host })
  const unauthorized = vi.fn()
  store.onUnauthorized(unauthorized)
  const calls = (url: string) => memory.requests.filter((request) => request.url === url)
  const toasts = () => store.toasts.shown.map((toast) => `${toast.kind}:${toast.message}`)
  /**
   * Starts the store and waits for the start-up sequence (config load) to finish. The first call loads
   * the client's Schema code on first use (ADR 0032): in a worker's first test that is an import of its
   * modules, which a loaded CI machine has taken more than a second over.
   */
  const boot = async () => {
    store.start()
    await vi.waitFor(() => {
      if (calls("/api/v1/open/config/app_config").length === 0) throw new Error("not booted")
    }, { timeout: 20_000 })
    await settle()
  }
  const dispose = async () => {
    store.dispose()
    await runtime.dispose()
  }
  return { server, memory, kv, analytics, files, runtime, store, unauthorized, calls, toasts, boot, dispose }
}

export type World = ReturnType<typeof makeWorld>

/** Lets pending promises and Effect fibers (microtasks, zero timers) run. */
export const settle = async (rounds = 5) => {
  for (let round = 0; round < rounds; round++) {
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0)
    else await new Promise((resolve) => setTimeout(resolve, 0))
  }
}

/** A viewport whose width the test sets; counts its live subscriptions. */
export const fakeViewport = (initial: number) => {
  let width = initial
  const listeners = new Set<(width: number) => void>()
  const viewport: Viewport = {
    width: () => width,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    }
  }
  const resize = (next: number) => {
    width = next
    for (const listener of listeners) listener(next)
  }
  return { viewport, resize, subscribers: () => listeners.size }
}
