import { describe, expect, it } from "vitest"
import { FEATURE_PROMPT_EXCLUDED_ROUTES, featurePromptContent, featurePromptVisible } from "./featurePrompt.js"

describe("FP1–FP2 when the community feature prompt shows (spec §2, §4)", () => {
  it.each([
    ["FP1", "config loaded, never dismissed, on /list", true, false, "/list", true],
    ["FP1", "before the config has loaded", false, false, "/list", false],
    ["FP1", "dismissed before (closed or followed)", true, true, "/list", false],
    ["FP1", "on /community too", true, false, "/community", true],
    ["FP1", "on a path no route knows", true, false, "/no-such-page", true],
    ["FP2", "ActivityDetail", true, false, "/activity/detail/spring", false],
    ["FP2", "ActivityDetail without its key", true, false, "/activity/detail", false],
    ["FP2", "SpecialFeature", true, false, "/activity/special-feature/ink", false],
    ["FP2", "ActivityWorkDetail", true, false, "/activity/work-detail", false],
    ["FP2", "Invited", true, false, "/invited", false],
    ["FP2", "another activity route is not excluded (/activity/boat)", true, false, "/activity/boat", true]
  ] as const)("%s %s", (_rule, _name, configLoaded, dismissed, path, visible) => {
    expect(featurePromptVisible({ configLoaded, dismissed, path })).toBe(visible)
  })

  it("FP2 names exactly the four routes of spec §2", () => {
    expect(FEATURE_PROMPT_EXCLUDED_ROUTES).toEqual(["ActivityDetail", "SpecialFeature", "ActivityWorkDetail", "Invited"])
  })
})

describe("FP3 the rewards from config", () => {
  it.each([
    ["FP3", "both rewards: the daily cap is their sum", 50, 10, [["首次发布作品奖励", 50], ["每日发布作品奖励", 10], ["每日最多可得", 60]]],
    ["FP3", "no daily reward: the cap is the first-post reward", 50, 0, [["首次发布作品奖励", 50], ["每日最多可得", 50]]],
    ["FP3", "bad values count as 0", -5, Number.NaN, []]
  ] as const)("%s %s", (_rule, _name, first, daily, rewards) => {
    expect(featurePromptContent(first, daily).rewards.map((reward) => [reward.label, reward.beans])).toEqual(rewards)
  })

  it("FP3 the title and the button", () => {
    expect(featurePromptContent(50, 10)).toMatchObject({ title: "米豆设计社区上线啦", action: "去社区看看" })
  })
})
