import "./pointerEventPolyfill.test-support"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it, vi } from "vitest"
import { CompareSlider } from "./CompareSlider"

const slider = () => screen.getByRole("slider")
const now = () => Number(slider().getAttribute("aria-valuenow"))

describe("CompareSlider", () => {
  it("shows both images labelled 原图 / 效果图, divided in the middle", () => {
    render(<CompareSlider before="/before.png" after="/after.png" alt="风景" />)
    expect(screen.getByRole("img", { name: "风景原图" })).toBeTruthy()
    expect(screen.getByRole("img", { name: "风景效果图" })).toBeTruthy()
    expect(screen.getByText("原图")).toBeTruthy()
    expect(screen.getByText("效果图")).toBeTruthy()
    expect(now()).toBe(50)
    expect(slider().getAttribute("aria-valuemin")).toBe("0")
    expect(slider().getAttribute("aria-valuemax")).toBe("100")
  })

  it("moves with the arrow keys, shift for big steps, Home / End to the edges", () => {
    const onPositionChange = vi.fn()
    render(<CompareSlider before="/b.png" after="/a.png" onPositionChange={onPositionChange} />)
    fireEvent.keyDown(slider(), { key: "ArrowRight" })
    expect(now()).toBe(51)
    fireEvent.keyDown(slider(), { key: "ArrowLeft", shiftKey: true })
    expect(now()).toBe(41)
    fireEvent.keyDown(slider(), { key: "End" })
    expect(now()).toBe(100)
    expect(onPositionChange).toHaveBeenLastCalledWith(100)
  })

  it("follows a drag across the frame and clips the before image there", () => {
    render(<CompareSlider before="/b.png" after="/a.png" alt="图" />)
    const frame = screen.getByTestId("compare-slider")
    vi.spyOn(frame, "getBoundingClientRect").mockReturnValue({ left: 100, width: 400, top: 0, height: 300 } as DOMRect)
    fireEvent.pointerDown(frame, { pointerId: 1, button: 0, clientX: 200 })
    expect(now()).toBe(25)
    fireEvent.pointerMove(frame, { pointerId: 1, clientX: 400 })
    expect(now()).toBe(75)
    fireEvent.pointerUp(frame, { pointerId: 1, clientX: 400 })
    fireEvent.pointerMove(frame, { pointerId: 1, clientX: 150 })
    expect(now()).toBe(75)
    const beforeLayer = screen.getByRole("img", { name: "图原图" }).parentElement
    expect(beforeLayer?.style.clipPath).toBe("inset(0 25% 0 0)")
  })

  it("a controlled position wins over the drag until the owner moves it", () => {
    const onPositionChange = vi.fn()
    render(<CompareSlider before="/b.png" after="/a.png" position={30} onPositionChange={onPositionChange} />)
    fireEvent.keyDown(slider(), { key: "ArrowRight" })
    expect(onPositionChange).toHaveBeenCalledWith(31)
    expect(now()).toBe(30)
  })
})
