import { envelope } from "@mido/core/testing"
import { screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { makeWorld, renderApp, type World } from "../../test/world"

let world: World | undefined
afterEach(async () => {
  await world?.runtime.dispose()
  world = undefined
})

const openGuide = (config: ReadonlyArray<{ key: string; value: ReadonlyArray<string> }>) => {
  world = makeWorld({ answers: { "/api/v1/open/config/app_config": () => envelope(0, { list: config }) } })
  renderApp(world, "/mobile-guide")
}

describe("/mobile-guide (spec §2, NV7)", () => {
  it("offers the mobile site named by the config first, and the web version with the H5 flag", async () => {
    openGuide([{ key: "config.mobile.site", value: ["https://m.mido.example/"] }])
    const mobile = await screen.findByRole("link", { name: "打开米豆AI手机版" }, { timeout: 15_000 })
    expect(mobile.getAttribute("href")).toBe("https://m.mido.example/")
    expect(screen.getByRole("link", { name: "继续访问网页版" }).getAttribute("href")).toBe("/list?source=H5")
  })

  it("without a mobile site, only the web version", async () => {
    openGuide([])
    expect(await screen.findByRole("link", { name: "继续访问网页版" }, { timeout: 15_000 })).toBeTruthy()
    await waitFor(() => expect(world?.store.config.settled).toBe(true))
    expect(screen.queryByRole("link", { name: "打开米豆AI手机版" })).toBeNull()
  })
})
