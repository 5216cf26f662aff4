import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it, vi } from "vitest"
import { Button } from "./Button"

describe("Button", () => {
  it("calls onClick when enabled", () => {
    const onClick = vi.fn()
    render(<Button onClick={onClick}>立即生成</Button>)
    fireEvent.click(screen.getByRole("button", { name: "立即生成" }))
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it("is disabled, busy and shows a spinner while loading", () => {
    const onClick = vi.fn()
    render(
      <Button loading onClick={onClick}>
        生成中
      </Button>
    )
    const button = screen.getByRole("button", { name: "生成中" })
    expect(button).toHaveProperty("disabled", true)
    expect(button.getAttribute("aria-busy")).toBe("true")
    expect(button.querySelector("svg.animate-spin")).not.toBeNull()
    fireEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
  })

  it("ignores clicks when disabled and is not busy", () => {
    const onClick = vi.fn()
    render(
      <Button disabled onClick={onClick}>
        删除作品
      </Button>
    )
    const button = screen.getByRole("button", { name: "删除作品" })
    expect(button).toHaveProperty("disabled", true)
    expect(button.hasAttribute("aria-busy")).toBe(false)
    fireEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
  })

  it("defaults to type=button so it never submits a form by accident", () => {
    render(<Button variant="secondary">取消</Button>)
    expect(screen.getByRole("button", { name: "取消" }).getAttribute("type")).toBe("button")
  })
})
