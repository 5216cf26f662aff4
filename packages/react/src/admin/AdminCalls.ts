import { ApiClient, type RouteData, type RouteInput } from "@mido/core"
import type { AnyAdminRoute } from "@mido/core/admin"
import { Effect, type Exit } from "effect"
import { pagesFromCore } from "../stores/paging/pagesFromCore.js"
import { numberedPage, type FetchPage } from "../stores/paging/Page.js"
import type { Attempt, ServiceRunner } from "../stores/ServiceRunner.js"

/** The console's calls of one route, as the stores use them: through the app's runner and error policy. */
export class AdminCalls {
  readonly #runner: ServiceRunner

  constructor(runner: ServiceRunner) {
    this.#runner = runner
  }

  /** Calls an admin route; a failure is reported as a toast (its Chinese msg) and gives `{ ok: false }`. */
  attempt<R extends AnyAdminRoute>(route: R, input: RouteInput<R>): Promise<Attempt<RouteData<R>>> {
    return this.#runner.attempt(this.#effect(route, input))
  }

  /** Calls an admin route and gives its Exit, reporting nothing (the console's gate decides what to show). */
  exit<R extends AnyAdminRoute>(route: R, input: RouteInput<R>): Promise<Exit.Exit<RouteData<R>, unknown>> {
    return this.#runner.exit(this.#effect(route, input))
  }

  /**
   * A PagedList's fetchPage over a page/size admin route (`{list, total}`): `inputOf` builds the input
   * of one page from the list's params.
   */
  pages<R extends AnyAdminRoute, Params, Item>(route: R, inputOf: (params: Params, page: number) => RouteInput<R>): FetchPage<Item, number, Params> {
    return pagesFromCore(this.#runner, ({ cursor = 1, params }) =>
      Effect.map(this.#effect(route, inputOf(params, cursor)), (answer) => numberedPage(cursor, answer as { list: ReadonlyArray<Item>; total: number })))
  }

  #effect<R extends AnyAdminRoute>(route: R, input: RouteInput<R>) {
    return Effect.flatMap(ApiClient, (api) => api.call(route, input))
  }
}
