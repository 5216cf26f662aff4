import { act, render, screen } from "@testing-library/react"
import { type ReactNode, StrictMode } from "react"
import { describe, expect, it, vi } from "vitest"
import { onDemand, retryDelayMs } from "./onDemand"

type PanelProps = { open: boolean; label: string }

function Panel({ open, label }: PanelProps) {
  return <div role="dialog" data-open={String(open)}>{label}</div>
}

const draw = (ui: ReactNode) => <StrictMode>{ui}</StrictMode>

describe("onDemand overlays", () => {
  it("fetches nothing and shows nothing until first opened, then shows the overlay", async () => {
    const load = vi.fn(async () => Panel)
    const Overlay = onDemand<PanelProps>(load)
    const view = render(draw(<Overlay open={false} label="确认" />))
    expect(load).not.toHaveBeenCalled()
    expect(screen.queryByRole("dialog")).toBeNull()

    view.rerender(draw(<Overlay open label="确认" />))
    expect((await screen.findByRole("dialog")).textContent).toBe("确认")
    expect(load).toHaveBeenCalledTimes(1)
  })

  it("stays mounted after closing, so its leave transition can play and reopening is instant", async () => {
    const Overlay = onDemand<PanelProps>(async () => Panel)
    const view = render(draw(<Overlay open label="抽屉" />))
    await screen.findByRole("dialog")

    view.rerender(draw(<Overlay open={false} label="抽屉" />))
    expect(screen.getByRole("dialog").dataset.open).toBe("false")
    view.rerender(draw(<Overlay open label="抽屉" />))
    expect(screen.getByRole("dialog").dataset.open).toBe("true")
  })

  it("preload() fetches once ahead of the first opening, and a failed fetch is tried again", async () => {
    const load = vi.fn<() => Promise<typeof Panel>>().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(Panel)
    const Overlay = onDemand<PanelProps>(load)
    await expect(Overlay.preload()).rejects.toThrow("offline")
    await Overlay.preload()
    await Overlay.preload()
    expect(load).toHaveBeenCalledTimes(2)

    render(draw(<Overlay open label="已预载" />))
    expect((await screen.findByRole("dialog")).textContent).toBe("已预载")
    expect(load).toHaveBeenCalledTimes(2)
  })

  it("an opening whose code fails to arrive is kept: the fetch is tried again and the overlay appears (a click is never lost)", async () => {
    vi.useFakeTimers()
    try {
      const load = vi
        .fn<() => Promise<typeof Panel>>()
        .mockRejectedValueOnce(new Error("connection reset"))
        .mockRejectedValueOnce(new Error("connection reset"))
        .mockResolvedValue(Panel)
      const Overlay = onDemand<PanelProps>(load)
      render(draw(<Overlay open label="退出所有设备" />))
      await act(() => vi.advanceTimersByTimeAsync(0))
      expect(load).toHaveBeenCalledTimes(1)
      expect(screen.queryByRole("dialog")).toBeNull()
      await act(() => vi.advanceTimersByTimeAsync(retryDelayMs(1)))
      expect(load).toHaveBeenCalledTimes(2)
      await act(() => vi.advanceTimersByTimeAsync(retryDelayMs(2)))
      expect(load).toHaveBeenCalledTimes(3)
      expect(screen.getByRole("dialog").textContent).toBe("退出所有设备")
    } finally {
      vi.useRealTimers()
    }
  })

  it("code already fetched renders in the same commit as the opening", async () => {
    const Overlay = onDemand<PanelProps>(async () => Panel)
    await Overlay.preload()
    const view = render(draw(<Overlay open={false} label="确认" />))
    view.rerender(draw(<Overlay open label="确认" />))
    expect(screen.getByRole("dialog").textContent).toBe("确认")
  })

  it.each([
    [1, 500],
    [2, 1000],
    [3, 2000],
    [5, 8000],
    [9, 8000]
  ])("after %i failed fetches the next waits %i ms", (failures, wait) => {
    expect(retryDelayMs(failures)).toBe(wait)
  })
})
