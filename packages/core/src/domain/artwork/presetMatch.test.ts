import { describe, expect, it } from "vitest"
import { matchMjVersion, matchQuickStyle, mjVersionKey, retiredPresetText } from "./presetMatch.js"

const styles = [
  { group: "default", name: "水彩插画", cover: "a.jpg" },
  { group: "default", name: "日系动漫", cover: "b.jpg" },
  { group: "pro", name: "电影质感", cover: "c.jpg" },
  { group: "pro", name: "日系动漫", cover: "d.jpg" }
]
const versions = [
  { name: "v7", label: "MJ V7" },
  { name: "v6.1", label: "MJ V6.1" },
  { name: "niji 6", label: "Niji 6" }
]

describe("same-style presets (docs/spec/same-style.md SD10–SD11)", () => {
  it.each([
    ["SD10", "the same group and name", { group: "pro", name: "电影质感" }, { kind: "found", preset: styles[2] }],
    ["SD10", "the same group wins when both groups have the name", { group: "pro", name: "日系动漫" }, { kind: "found", preset: styles[3] }],
    ["SD10", "a style that moved to the other group", { group: "pro", name: "水彩插画" }, { kind: "found", preset: styles[0] }],
    ["SD10", "the name trimmed", { group: "default", name: " 水彩插画 " }, { kind: "found", preset: styles[0] }],
    ["SD10", "a name no preset has is retired, named as stored", { group: "default", name: "国风插画" }, { kind: "retired", name: "国风插画" }],
    ["SD10", "no name", { group: "default", name: "" }, { kind: "none" }],
    ["SD10", "no style", null, { kind: "none" }]
  ] as const)("%s %s", (_rule, _case, wanted, expected) => {
    expect(matchQuickStyle(wanted, styles)).toEqual(expected)
  })

  it("SD10 with no presets loaded every named style is retired", () => {
    expect(matchQuickStyle({ group: "default", name: "水彩插画" }, [])).toEqual({ kind: "retired", name: "水彩插画" })
  })

  it.each([
    ["v7", "7"],
    ["Midjourney V6.1", "6.1"],
    ["MJ v6.1", "6.1"],
    ["Niji 6", "niji6"],
    ["niji6", "niji6"]
  ])("SD11 the key of %s is %s", (name, key) => {
    expect(mjVersionKey(name)).toBe(key)
  })

  it.each([
    ["SD11", "the offered name", "v7", { kind: "found", preset: versions[0] }],
    ["SD11", "a long name of the same version", "Midjourney V6.1", { kind: "found", preset: versions[1] }],
    ["SD11", "the label", "Niji 6", { kind: "found", preset: versions[2] }],
    ["SD11", "a version no longer offered", "Midjourney V5.2", { kind: "retired", name: "Midjourney V5.2" }],
    ["SD11", "v6 is not v6.1", "v6", { kind: "retired", name: "v6" }],
    ["SD11", "no version", null, { kind: "none" }]
  ] as const)("%s %s", (_rule, _case, wanted, expected) => {
    expect(matchMjVersion(wanted, versions)).toEqual(expected)
  })

  it("SD10–SD11 a retired preset is named in one sentence", () => {
    expect(retiredPresetText("风格", "国风插画")).toBe("原风格「国风插画」已下架，请重新选择")
    expect(retiredPresetText("版本", "v5.2")).toBe("原版本「v5.2」已下架，请重新选择")
  })
})
