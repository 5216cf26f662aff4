import { StorageKeys } from "@mido/core"
import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it } from "vitest"
import { configList } from "../../../test/fixtures.js"
import { makeWorld, type World } from "../../../test/world.js"

const worlds: Array<World> = []
const boot = async (options: { config?: "ok" | "fails"; stored?: Record<string, string> } = {}) => {
  const world = makeWorld({
    stored: options.stored ?? {},
    answers: {
      "/api/v1/open/config/app_config": () => (options.config === "fails" ? envelope(500, null, "配置服务不可用") : envelope(0, { list: configList }))
    }
  })
  worlds.push(world)
  await world.boot()
  return { world, prompt: await world.store.featurePromptStore() }
}
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.dispose()
})

describe("FeaturePromptStore (spec §2, §4)", () => {
  it("shows once the config has loaded, with the config's rewards and their sum as the daily cap", async () => {
    const { prompt } = await boot()
    expect(prompt.visibleOn("/list")).toBe(true)
    expect(prompt.content.rewards.map((reward) => reward.beans)).toEqual([50, 20, 70])
    expect(prompt.target).toBe("/community")
  })

  it("not on the excluded named routes", async () => {
    const { prompt } = await boot()
    expect(prompt.visibleOn("/invited")).toBe(false)
    expect(prompt.visibleOn("/activity/detail/spring")).toBe(false)
  })

  it("not when the config did not load", async () => {
    const { prompt } = await boot({ config: "fails" })
    expect(prompt.visibleOn("/list")).toBe(false)
  })

  it("dismissing stores feature-prompt-show: never again on this device", async () => {
    const { world, prompt } = await boot()
    prompt.dismiss()
    expect(prompt.visibleOn("/list")).toBe(false)
    expect(world.kv.entries.get(StorageKeys.featurePromptShown)).toBe("true")
    const again = await boot({ stored: { [StorageKeys.featurePromptShown]: "true" } })
    expect(again.prompt.visibleOn("/list")).toBe(false)
  })
})
