import { render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { formatBadge } from "@mido/core"
import { Badge } from "./Badge"

describe("Badge (spec §9: 99+ above 99, rule FM4)", () => {
  it.each([
    [1, "1"],
    [99, "99"],
    [100, "99+"],
    [2048, "99+"]
  ])("count %i shows %s", (count, shown) => {
    render(<Badge text={formatBadge(count)} label="未读" />)
    expect(screen.getByLabelText("未读").textContent).toBe(shown)
  })

  it("renders nothing for zero unless it is a dot", () => {
    const { container, rerender } = render(<Badge text={formatBadge(0)} />)
    expect(container.innerHTML).toBe("")
    rerender(<Badge dot label="新" />)
    expect(screen.getByLabelText("新").textContent).toBe("")
  })

  it("sits on its child and hides the mark, not the child, at zero", () => {
    const { rerender } = render(
      <Badge text={formatBadge(326)} label="消息">
        <span>铃铛</span>
      </Badge>
    )
    expect(screen.getByText("铃铛")).toBeTruthy()
    expect(screen.getByLabelText("消息").textContent).toBe("99+")
    rerender(
      <Badge text={formatBadge(0)} label="消息">
        <span>铃铛</span>
      </Badge>
    )
    expect(screen.getByText("铃铛")).toBeTruthy()
    expect(screen.queryByLabelText("消息")).toBeNull()
  })
})
