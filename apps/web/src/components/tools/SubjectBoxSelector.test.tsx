import "./editor/pointerEventPolyfill.test-support"
import { fireEvent, render, screen } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { SubjectBoxSelector } from "./SubjectBoxSelector"

/** jsdom lays nothing out: the panel is 400 px wide and the picture (800 × 600) is drawn at 320 × 240 from (0, 0). */
const layout = () => {
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(400)
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ left: 0, top: 0, x: 0, y: 0, width: 320, height: 240, right: 320, bottom: 240, toJSON: () => ({}) })
}

const loaded = () => {
  const img = screen.getByAltText("当前原图") as HTMLImageElement
  Object.defineProperty(img, "naturalWidth", { value: 800 })
  Object.defineProperty(img, "naturalHeight", { value: 600 })
  fireEvent.load(img)
}

const drag = (from: readonly [number, number], to: readonly [number, number]) => {
  const area = screen.getByTestId("subject-box-area")
  fireEvent.pointerDown(area, { pointerId: 1, button: 0, clientX: from[0], clientY: from[1], pointerType: "mouse" })
  fireEvent.pointerMove(area, { pointerId: 1, clientX: to[0], clientY: to[1], pointerType: "mouse" })
  fireEvent.pointerUp(area, { pointerId: 1, clientX: to[0], clientY: to[1], pointerType: "mouse" })
}

afterEach(() => vi.restoreAllMocks())

describe("SubjectBoxSelector", () => {
  it("a drag, whichever way, gives the box in fractions of the picture; the picture is fitted to 240 px high", () => {
    layout()
    const onChange = vi.fn()
    render(<SubjectBoxSelector src="/a.png" alt="当前原图" value={null} onChange={onChange} />)
    loaded()
    expect(screen.getByTestId("subject-box-area").style.width).toBe("320px")
    drag([240, 180], [80, 60])
    expect(onChange).toHaveBeenCalledWith({ x: 0.25, y: 0.25, width: 0.5, height: 0.5 })
  })

  it("a click is not a box; a drag past the edge stops at the picture's edge", () => {
    layout()
    const onChange = vi.fn()
    render(<SubjectBoxSelector src="/a.png" alt="当前原图" value={null} onChange={onChange} />)
    loaded()
    drag([100, 100], [101, 101])
    expect(onChange).not.toHaveBeenCalled()
    drag([160, 120], [500, 400])
    expect(onChange).toHaveBeenCalledWith({ x: 0.5, y: 0.5, width: 0.5, height: 0.5 })
  })

  it("shows the box drawn with the hint to redraw; 清除框选 clears it; disabled, nothing moves", () => {
    layout()
    const onChange = vi.fn()
    const { rerender } = render(<SubjectBoxSelector src="/a.png" alt="当前原图" value={{ x: 0.1, y: 0.2, width: 0.3, height: 0.4 }} onChange={onChange} />)
    loaded()
    const frame = screen.getByTestId("subject-box-frame")
    expect([frame.style.left, frame.style.top, frame.style.width, frame.style.height]).toEqual(["10%", "20%", "30%", "40%"])
    expect(screen.getByTestId("subject-box-hint").textContent).toBe("已框选主体，在图片上重新拖动可重新框选")
    fireEvent.click(screen.getByRole("button", { name: "清除框选" }))
    expect(onChange).toHaveBeenLastCalledWith(null)

    rerender(<SubjectBoxSelector src="/a.png" alt="当前原图" value={null} onChange={onChange} disabled problem="主体范围太小" />)
    expect(screen.getByRole("alert").textContent).toBe("主体范围太小")
    expect((screen.getByRole("button", { name: "清除框选" }) as HTMLButtonElement).disabled).toBe(true)
    drag([10, 10], [200, 200])
    expect(onChange).toHaveBeenCalledTimes(1)
  })
})
