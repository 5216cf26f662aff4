import { fireEvent, render, screen } from "@testing-library/react"
import { useState } from "react"
import { describe, expect, it, vi } from "vitest"
import { SegmentedControl } from "./SegmentedControl"

const OPTIONS = [
  { key: "wechat", label: "微信支付" },
  { key: "alipay", label: "支付宝" },
  { key: "card", label: "银行卡", disabled: true }
] as const

function Harness({ onChange }: { onChange: (key: string) => void }) {
  const [value, setValue] = useState<(typeof OPTIONS)[number]["key"]>("wechat")
  return (
    <SegmentedControl
      label="支付方式"
      options={OPTIONS}
      value={value}
      onChange={(key) => {
        setValue(key)
        onChange(key)
      }}
    />
  )
}

const radio = (name: string) => screen.getByRole("radio", { name })

describe("SegmentedControl", () => {
  it("is a named radio group with the chosen segment checked and the only tab stop", () => {
    render(<Harness onChange={vi.fn()} />)
    expect(screen.getByRole("radiogroup", { name: "支付方式" })).toBeTruthy()
    expect(radio("微信支付").getAttribute("aria-checked")).toBe("true")
    expect(radio("支付宝").getAttribute("aria-checked")).toBe("false")
    expect(radio("微信支付").tabIndex).toBe(0)
    expect(radio("支付宝").tabIndex).toBe(-1)
  })

  it("a click chooses another segment; the chosen one clicked again changes nothing", () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    fireEvent.click(radio("支付宝"))
    expect(onChange).toHaveBeenCalledWith("alipay")
    expect(radio("支付宝").getAttribute("aria-checked")).toBe("true")
    fireEvent.click(radio("支付宝"))
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it("arrow keys move and choose, skip disabled segments and wrap; Home / End go to the ends", () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    radio("微信支付").focus()
    fireEvent.keyDown(radio("微信支付"), { key: "ArrowRight" })
    expect(onChange).toHaveBeenLastCalledWith("alipay")
    expect(document.activeElement).toBe(radio("支付宝"))
    fireEvent.keyDown(radio("支付宝"), { key: "ArrowRight" })
    expect(onChange).toHaveBeenLastCalledWith("wechat")
    fireEvent.keyDown(radio("微信支付"), { key: "End" })
    expect(onChange).toHaveBeenLastCalledWith("alipay")
    fireEvent.keyDown(radio("支付宝"), { key: "Home" })
    expect(onChange).toHaveBeenLastCalledWith("wechat")
    expect((radio("银行卡") as HTMLButtonElement).disabled).toBe(true)
  })
})
