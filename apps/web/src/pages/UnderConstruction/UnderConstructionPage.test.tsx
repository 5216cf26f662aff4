import { screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { makeWorld, renderApp, type World } from "../../test/world"

let world: World | undefined
afterEach(async () => {
  await world?.runtime.dispose()
  world = undefined
})

describe("the 建设中 panel of a page not built yet", () => {
  it.each([
    ["/community/group-detail", "小组详情 · 建设中", true]
  ])("on %s shows %s, with the way to the inspiration square: %s", async (path, title, linked) => {
    world = makeWorld()
    renderApp(world, path)
    expect(await screen.findByText(title, undefined, { timeout: 15_000 })).toBeTruthy()
    const link = screen.queryByRole("link", { name: "去灵感广场看看 →" })
    expect(link !== null).toBe(linked)
    if (link !== null) expect(link.getAttribute("href")).toBe("/list")
  })
})
