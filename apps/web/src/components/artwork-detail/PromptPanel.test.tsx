import { CoreProvider } from "@mido/react"
import { render, screen } from "@testing-library/react"
import { beforeAll, describe, expect, it } from "vitest"
import { makeWorld } from "../../test/world"
import { PromptPanel } from "./PromptPanel"

const panel = (text: string) =>
  render(
    <CoreProvider store={makeWorld().store}>
      <PromptPanel text={text} testId="prompt-panel" />
    </CoreProvider>
  )

describe("PromptPanel", () => {
  // jsdom lays nothing out: the fold (展开) is measured in the browser tests
  beforeAll(() => {
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
  })

  it("offers 复制 beside a prompt", () => {
    panel("雾中灯塔, moody")
    expect(screen.getByRole("button", { name: "复制" })).toBeTruthy()
  })

  it("an upload's or a tool result's empty prompt reads 无, with nothing to copy", () => {
    panel("")
    expect(screen.getByTestId("prompt-panel").textContent).toContain("无")
    expect(screen.queryByRole("button", { name: "复制" })).toBeNull()
  })
})
