import { describe, expect, it } from "vitest"
import { ToolKey } from "../../api/schemas/TaskSubmit.js"
import { routes } from "../navigation/routeTable.js"
import { TOOL_TITLES } from "./toolTitles.js"

describe("GA3 a tool's name is its page's title", () => {
  it.each(ToolKey.literals)("%s", (tool) => {
    expect(routes.find((route) => route.path === `/tools/${tool}`)?.title).toBe(TOOL_TITLES[tool])
  })

  it("every tool of the contract has a name, and only those", () => {
    expect(Object.keys(TOOL_TITLES).sort()).toEqual([...ToolKey.literals].sort())
  })
})
