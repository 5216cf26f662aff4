import "./pointerEventPolyfill.test-support"
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react"
import { createRef } from "react"
import { describe, expect, it, vi } from "vitest"
import { MaskEditor } from "./MaskEditor"
import type { MaskEditorHandle } from "./types"

/** jsdom has no 2D canvas: a context that accepts the drawing and reads back white (marked) pixels. */
function fakeCanvas() {
  const ctx = new Proxy(
    { getImageData: (_x: number, _y: number, w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4).fill(255) }) },
    { get: (target, key) => (key in target ? target[key as keyof typeof target] : () => undefined), set: () => true }
  )
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(() => ctx as never)
  vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation(function (callback) {
    callback(new Blob(["png"], { type: "image/png" }))
  })
}

function loadImage(width = 400, height = 300) {
  const img = screen.getByAltText("照片") as HTMLImageElement
  Object.defineProperty(img, "naturalWidth", { value: width })
  Object.defineProperty(img, "naturalHeight", { value: height })
  fireEvent.load(img)
}

function drawStroke() {
  const area = screen.getByTestId("mask-canvas")
  fireEvent.pointerDown(area, { pointerId: 1, button: 0, clientX: 10, clientY: 10, pointerType: "mouse" })
  fireEvent.pointerMove(area, { pointerId: 1, clientX: 60, clientY: 40, pointerType: "mouse" })
  fireEvent.pointerUp(area, { pointerId: 1, clientX: 60, clientY: 40, pointerType: "mouse" })
}

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement

describe("MaskEditor", () => {
  it("starts with the brush, nothing to undo, redo or clear", () => {
    fakeCanvas()
    render(<MaskEditor src="/a.png" alt="照片" />)
    expect(button("画笔").getAttribute("aria-pressed")).toBe("true")
    expect(button("橡皮擦").getAttribute("aria-pressed")).toBe("false")
    expect(button("撤销").disabled).toBe(true)
    expect(button("重做").disabled).toBe(true)
    expect(button("清空").disabled).toBe(true)
  })

  it("a stroke reports a PNG mask; undo reports null, redo the mask again; the keys do the same", async () => {
    fakeCanvas()
    const onChange = vi.fn()
    render(<MaskEditor src="/a.png" alt="照片" onChange={onChange} />)
    loadImage()
    drawStroke()
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1))
    expect(onChange.mock.calls[0]?.[0]).toBeInstanceOf(Blob)
    expect(button("撤销").disabled).toBe(false)
    expect(button("清空").disabled).toBe(false)

    fireEvent.click(button("撤销"))
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null))
    expect(button("重做").disabled).toBe(false)
    expect(button("清空").disabled).toBe(true)

    fireEvent.keyDown(window, { key: "Z", ctrlKey: true, shiftKey: true })
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(3))
    expect(onChange.mock.calls[2]?.[0]).toBeInstanceOf(Blob)
    expect(button("重做").disabled).toBe(true)

    fireEvent.keyDown(window, { key: "z", ctrlKey: true })
    expect(button("重做").disabled).toBe(false)
  })

  it("ctrl+z in a text field is the field's own undo", () => {
    fakeCanvas()
    render(
      <>
        <textarea aria-label="提示词" />
        <MaskEditor src="/a.png" alt="照片" />
      </>
    )
    loadImage()
    drawStroke()
    fireEvent.keyDown(screen.getByRole("textbox", { name: "提示词" }), { key: "z", ctrlKey: true })
    expect(button("撤销").disabled).toBe(false)
    expect(button("重做").disabled).toBe(true)
  })

  it("清空 empties the mask and can be undone", async () => {
    fakeCanvas()
    const ref = createRef<MaskEditorHandle>()
    render(<MaskEditor src="/a.png" alt="照片" ref={ref} />)
    loadImage()
    expect(ref.current?.isEmpty()).toBe(true)
    await expect(ref.current?.getMask()).resolves.toBeNull()
    drawStroke()
    expect(ref.current?.isEmpty()).toBe(false)
    await expect(ref.current?.getMask()).resolves.toBeInstanceOf(Blob)
    fireEvent.click(button("清空"))
    expect(ref.current?.isEmpty()).toBe(true)
    fireEvent.click(button("撤销"))
    expect(ref.current?.isEmpty()).toBe(false)
    act(() => ref.current?.clear())
    expect(ref.current?.isEmpty()).toBe(true)
  })

  it("hints mode offers 保留 and 去除, 保留 first", () => {
    fakeCanvas()
    render(<MaskEditor src="/a.png" alt="照片" mode="hints" />)
    expect(button("保留").getAttribute("aria-pressed")).toBe("true")
    fireEvent.click(button("去除"))
    expect(button("去除").getAttribute("aria-pressed")).toBe("true")
    expect(screen.queryByRole("button", { name: "画笔" })).toBeNull()
  })

  it("with 移动 a drag pans instead of painting; disabled paints nothing", () => {
    fakeCanvas()
    const { rerender } = render(<MaskEditor src="/a.png" alt="照片" />)
    loadImage()
    fireEvent.click(button("移动"))
    drawStroke()
    expect(button("撤销").disabled).toBe(true)
    fireEvent.click(button("画笔"))
    rerender(<MaskEditor src="/a.png" alt="照片" disabled />)
    drawStroke()
    expect(button("撤销").disabled).toBe(true)
    expect(button("画笔").disabled).toBe(true)
  })

  it("says so when the image does not load", () => {
    fakeCanvas()
    render(<MaskEditor src="/missing.png" alt="照片" />)
    fireEvent.error(screen.getByAltText("照片"))
    expect(screen.getByText("图片加载失败")).toBeTruthy()
  })
})
