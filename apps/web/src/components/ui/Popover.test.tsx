import { fireEvent, render, screen, waitFor } from "@testing-library/react"
import { StrictMode } from "react"
import { describe, expect, it } from "vitest"
import { Popover } from "./Popover"

const menu = (
  <StrictMode>
    <Popover trigger="星河画师">
      {(close) => (
        <button type="button" onClick={close}>
          退出登录
        </button>
      )}
    </Popover>
  </StrictMode>
)

// The tests run in order: the first meets the popover before its code is loaded, the second after.
describe("Popover", () => {
  it("shows its trigger at once and opens on a click that came before its code", async () => {
    render(menu)
    fireEvent.click(screen.getByRole("button", { name: "星河画师" }))
    // the first import of the panel's code compiles it, which can take a while on a busy machine
    expect(await screen.findByRole("button", { name: "退出登录" }, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getByRole("button", { name: "星河画师" }).getAttribute("aria-expanded")).toBe("true")
  })

  it("once its code is loaded, opens on click and closes from the panel", async () => {
    render(menu)
    expect(screen.queryByRole("button", { name: "退出登录" })).toBeNull()
    fireEvent.click(screen.getByRole("button", { name: "星河画师" }))
    fireEvent.click(await screen.findByRole("button", { name: "退出登录" }))
    await waitFor(() => expect(screen.queryByRole("button", { name: "退出登录" })).toBeNull())
    expect(screen.getByRole("button", { name: "星河画师" }).getAttribute("aria-expanded")).toBe("false")
  })
})
