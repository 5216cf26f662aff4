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

  it("manual: the arrow keys move the focus only; Enter selects", () => {
    const onChange = vi.fn()
    render(<Tabs items={ITEMS} onChange={onChange} manual />)
    const first = screen.getByRole("tab", { name: "系统" })
    first.focus()
    fireEvent.keyDown(first, { key: "ArrowRight" })
    const second = screen.getByRole("tab", { name: "点赞" })
    expect(document.activeElement).toBe(second)
    expect(second.getAttribute("aria-selected")).toBe("false")
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.keyDown(second, { key: "Enter" })
    expect(onChange).toHaveBeenCalledWith(1)
    expect(second.getAttribute("aria-selected")).toBe("true")
  })

  it("follows a controlled selectedIndex", () => {
    render(<Tabs items={ITEMS} selectedIndex={2} />)
    expect(screen.getByRole("tabpanel").textContent).toBe("关注消息列表")
  })
})

describe("Tabs as a switch", () => {
  it("renders no panels when no item has content, and names the tab list", () => {
    render(<Tabs items={ITEMS.map(({ key, label }) => ({ key, label }))} label="消息类型" />)
    expect(screen.getByRole("tablist", { name: "消息类型" })).toBeTruthy()
    expect(screen.queryByRole("tabpanel")).toBeNull()
    expect(screen.getAllByRole("tab")).toHaveLength(3)
  })

  it("a click on the selected tab is silent unless reselect is on", () => {
    const onChange = vi.fn()
    const { rerender } = render(<Tabs items={ITEMS} selectedIndex={1} onChange={onChange} />)
    fireEvent.click(screen.getByRole("tab", { name: "点赞" }))
    expect(onChange).not.toHaveBeenCalled()
    rerender(<Tabs items={ITEMS} selectedIndex={1} onChange={onChange} reselect />)
    fireEvent.click(screen.getByRole("tab", { name: "点赞" }))
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(onChange).toHaveBeenCalledWith(1)
    fireEvent.click(screen.getByRole("tab", { name: "关注" }))
    expect(onChange).toHaveBeenCalledTimes(2)
    expect(onChange).toHaveBeenLastCalledWith(2)
  })

  it.each([
    ["sm", "h-7"],
    ["md", "h-8"],
    ["lg", "h-9"]
  ] as const)("pill size %s is %s high", (size, height) => {
    render(<Tabs items={ITEMS} variant="pill" size={size} />)
    expect(screen.getByRole("tab", { name: "系统" }).className).toContain(height)
  })

  it("shows a count badge passed as extra inside the tab's name", () => {
    render(<Tabs items={[{ key: "like", label: "点赞", extra: <span aria-label="3 条未读">3</span> }]} />)
    expect(screen.getByRole("tab", { name: /点赞/ }).textContent).toBe("点赞3")
  })
})
