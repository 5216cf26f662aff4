import { describe, expect, it } from "vitest"
import { appRoutes, routesWithoutPage } from "./routeObjects"

describe("the app's routes (spec §2, NV1)", () => {
  it("every route of the core's table has its page: none shows a placeholder", () => {
    expect(routesWithoutPage()).toEqual([])
    expect(() => appRoutes()).not.toThrow()
  })
})
