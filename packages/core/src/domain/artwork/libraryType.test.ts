import { describe, expect, it } from "vitest"
import { detailTypeLabel, LIBRARY_TABS, libraryTypeOf, taskOriginOf, toolNameOf } from "./libraryType.js"

describe("the asset library's tabs (docs/spec/library.md)", () => {
  it("LB1: six tabs, the four drawing types then 上传 and 工具", () => {
    expect(LIBRARY_TABS.map(([, name]) => name)).toEqual(["快捷绘画", "MJ 模型", "在线 SD", "智能助手", "上传", "工具"])
  })

  it.each([
    ["LB2", "sd", "draw", "sd"],
    ["LB2", "quick", "draw", "quick"],
    ["LB2", "agent", "draw", "agent"],
    ["LB2", "sd", "upload", "upload"],
    ["LB2", "sd", "tool", "tool"]
  ] as const)("%s: a %s artwork of origin %s counts in %s", (_id, type, origin, tab) => {
    expect(libraryTypeOf(type, origin)).toBe(tab)
  })

  it.each([
    ["LB3", "tool", "tool"],
    ["LB3", "sd", "draw"],
    ["LB3", "quick_mj", "draw"],
    ["LB3", "agent", "draw"]
  ] as const)("%s: a %s task saves artworks of origin %s", (_id, task, origin) => {
    expect(taskOriginOf(task)).toBe(origin)
  })

  it.each([
    ["sd", "upload", undefined, "上传"],
    ["sd", "tool", "高清修复", "工具 · 高清修复"],
    ["sd", "tool", undefined, "工具"],
    ["sd", "draw", undefined, "在线 SD"],
    ["sd", undefined, undefined, "在线 SD"],
    ["quick_mj", "draw", undefined, "MJ 模型"]
  ] as const)("LB4 the detail labels a %s artwork of origin %s (tool %s) as %s", (type, origin, tool, label) => {
    expect(detailTypeLabel(type, origin, tool)).toBe(label)
  })

  it("LB4 the tool's name comes from its tool argument (GA3)", () => {
    expect(toolNameOf([{ key: "size", value: "64x64" }, { key: "tool", value: "智能抠图" }])).toBe("智能抠图")
    expect(toolNameOf([{ key: "steps", value: 20 }])).toBeUndefined()
    expect(toolNameOf(undefined)).toBeUndefined()
  })
})
