import { describe, expect, it } from "vitest"
import { LIBRARY_TABS, libraryTypeOf, taskOriginOf } from "./libraryType.js"

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
})
