import { fireEvent, render, screen, waitFor } from "@testing-library/react"
import { useState } from "react"
import { beforeAll, describe, expect, it, vi } from "vitest"
import { Dialog } from "./Dialog"

function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      <Dialog
        open={open}
        width={444}
        title="确认关闭支付？"
        onClose={() => {
          onClose()
          setOpen(false)
        }}
      >
        订单尚未完成支付
      </Dialog>
    </>
  )
}

describe("Dialog", () => {
  // its code loads on the first opening (onDemand.test.tsx); here it is loaded ahead, as the app does when idle
  beforeAll(() => Dialog.preload())

  it("opens with its title and closes on Escape", async () => {
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />)
    expect(screen.queryByRole("dialog")).toBeNull()

    fireEvent.click(screen.getByRole("button", { name: "打开" }))
    const dialog = await screen.findByRole("dialog")
    expect(screen.getByText("确认关闭支付？")).toBeTruthy()
    expect(dialog.textContent).toContain("订单尚未完成支付")

    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" })
    expect(onClose).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
  })

  it("closes from its close button", async () => {
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />)
    fireEvent.click(screen.getByRole("button", { name: "打开" }))
    await screen.findByRole("dialog")
    fireEvent.click(screen.getByRole("button", { name: "关闭" }))
    expect(onClose).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
  })

  it("applies the width prop to the panel", async () => {
    render(
      <Dialog open onClose={() => undefined} width={540} title="社区上线">
        内容
      </Dialog>
    )
    const dialog = await screen.findByRole("dialog")
    const panel = dialog.querySelector<HTMLElement>("[style*='width']")
    expect(panel?.style.width).toBe("540px")
  })
})
