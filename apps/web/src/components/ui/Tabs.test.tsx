import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it, vi } from "vitest"
import { Tabs } from "./Tabs"

const ITEMS = [
  { key: "system", label: "系统", content: <p>系统消息列表</p> },
  { key: "like", label: "点赞", content: <p>点赞消息列表</p> },
  { key: "follow", label: "关注", content: <p>关注消息列表</p> }
]

describe("Tabs", () => {
  it("shows the first panel, then switches on click", () => {
    const onChange = vi.fn()
    render(<Tabs items={ITEMS} onChange={onChange} />)
    expect(screen.getByRole("tab", { name: "系统" }).getAttribute("aria-selected")).toBe("true")
    expect(screen.getByText("系统消息列表")).toBeTruthy()

    fireEvent.click(screen.getByRole("tab", { name: "点赞" }))
    expect(onChange).toHaveBeenCalledWith(1)
    expect(screen.getByRole("tab", { name: "点赞" }).getAttribute("aria-selected")).toBe("true")
    expect(screen.getByRole("tabpanel").textContent).toBe("点赞消息列表")
    expect(screen.queryByText("系统消息列表")).toBeNull()
  })

  it("moves with the arrow keys", () => {
    render(<Tabs items={ITEMS} />)
    const first = screen.getByRole("tab", { name: "系统" })
    first.focus()
    fireEvent.keyDown(first, { key: "ArrowRight" })
    expect(screen.getByRole("tab", { name: "点赞" }).getAttribute("aria-selected")).toBe("true")
  })

  it("follows a controlled selectedIndex", () => {
    render(<Tabs items={ITEMS} selectedIndex={2} />)
    expect(screen.getByRole("tabpanel").textContent).toBe("关注消息列表")
  })
})
