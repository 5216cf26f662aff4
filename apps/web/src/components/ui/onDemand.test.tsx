import { render, screen } from "@testing-library/react"
import { type ReactNode, StrictMode } from "react"
import { describe, expect, it, vi } from "vitest"
import { onDemand } from "./onDemand"

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
})
