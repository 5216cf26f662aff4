import { CoreProvider } from "@mido/react"
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react"
import { StrictMode } from "react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { makeWorld, type World } from "../../test/world"
import { ContextMenu } from "./ContextMenu"

let world: World | undefined
afterEach(async () => {
  await world?.runtime.dispose()
  world = undefined
})

const IMAGE = "https://cdn.mido.test/artworks/52031.png"
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])

const renderPage = () => {
  world = makeWorld()
  world.memory.files.set(IMAGE, { status: 200, contentType: "image/png", bytes: PNG_BYTES })
  render(
    <StrictMode>
      <CoreProvider store={world.store}>
        <article>
          <img src={IMAGE} alt="星河下的鲸" width={300} height={200} />
          <p>一段作品描述</p>
          <label>
            提示词
            <textarea defaultValue="a whale under the milky way" />
          </label>
        </article>
        <ContextMenu />
      </CoreProvider>
    </StrictMode>
  )
}

/** Right-clicks `element`; answers whether the browser's own menu would still open. */
const rightClick = (element: Element, x = 200, y = 150) => fireEvent.contextMenu(element, { clientX: x, clientY: y })

const menuGone = () => waitFor(() => expect(screen.queryByRole("menu")).toBeNull())

describe("ContextMenu (spec §2; §9: 10 px offset, 8 px margin)", () => {
  it("over an image: 下载图片 and 关闭 replace the browser's menu; 下载图片 saves the image and closes", async () => {
    renderPage()
    const nativeMenu = rightClick(screen.getByAltText("星河下的鲸"))
    expect(nativeMenu).toBe(false)
    const menu = await screen.findByRole("menu", { name: "右键菜单" })
    expect([...menu.querySelectorAll("[role=menuitem]")].map((item) => item.textContent)).toEqual(["下载图片", "关闭"])
    expect(document.activeElement).toBe(screen.getByRole("menuitem", { name: "下载图片" }))
    fireEvent.click(screen.getByRole("menuitem", { name: "下载图片" }))
    await menuGone()
    await waitFor(() => expect(world?.files.saved.map((file) => file.name)).toEqual(["52031.png"]))
  })

  it("elsewhere: one disabled 暂无操作 entry that does nothing", async () => {
    renderPage()
    expect(rightClick(screen.getByText("一段作品描述"))).toBe(false)
    const menu = await screen.findByRole("menu")
    const items = [...menu.querySelectorAll("[role=menuitem]")]
    expect(items.map((item) => [item.textContent, item.getAttribute("aria-disabled")])).toEqual([["暂无操作", "true"]])
    expect(screen.queryByRole("menuitem", { name: "下载图片" })).toBeNull()
  })

  it.each([
    ["a left click elsewhere", () => fireEvent.mouseDown(screen.getByText("一段作品描述"), { button: 0 })],
    ["Escape", () => fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" })],
    ["a scroll of the page", () => fireEvent.scroll(window)],
    ["a scroll inside an element", () => fireEvent.scroll(screen.getByRole("textbox"))],
    ["关闭", () => fireEvent.click(screen.getByRole("menuitem", { name: "关闭" }))]
  ])("closes on %s", async (_name, close) => {
    renderPage()
    rightClick(screen.getByAltText("星河下的鲸"))
    await screen.findByRole("menu")
    act(() => close())
    await menuGone()
    expect(world?.files.saved).toEqual([])
  })

  it("fades out for 200 ms after closing, hidden from assistive technology meanwhile", async () => {
    renderPage()
    rightClick(screen.getByText("一段作品描述"))
    await screen.findByRole("menu")
    const closedAt = performance.now()
    fireEvent.keyDown(document.body, { key: "Escape" })
    const leaving = document.querySelector("[data-context-menu]")
    expect(leaving?.getAttribute("aria-hidden")).toBe("true")
    expect(screen.queryByRole("menu")).toBeNull()
    await waitFor(() => expect(document.querySelector("[data-context-menu]")).toBeNull())
    expect(performance.now() - closedAt).toBeGreaterThanOrEqual(195)
  })

  it("a right click (the other button) does not count as the left click that closes it", async () => {
    renderPage()
    rightClick(screen.getByText("一段作品描述"))
    await screen.findByRole("menu")
    fireEvent.mouseDown(screen.getByText("一段作品描述"), { button: 2 })
    expect(screen.getByRole("menu")).toBeTruthy()
  })

  it("sits 10 px from the pointer and flips at the window's edges, staying 8 px inside", async () => {
    vi.spyOn(HTMLElement.prototype, "offsetWidth", "get").mockReturnValue(140)
    vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(84)
    renderPage()
    const image = screen.getByAltText("星河下的鲸")
    rightClick(image, 200, 150)
    const menu = await screen.findByRole("menu")
    await waitFor(() => expect([menu.style.left, menu.style.top]).toEqual(["210px", "160px"]))
    // a second right-click moves the open menu; near the bottom-right corner it opens up and to the left
    rightClick(image, window.innerWidth - 5, window.innerHeight - 5)
    await waitFor(() =>
      expect([menu.style.left, menu.style.top]).toEqual([`${window.innerWidth - 5 - 10 - 140}px`, `${window.innerHeight - 5 - 10 - 84}px`])
    )
  })

  it("text fields keep the browser's own menu (paste)", () => {
    renderPage()
    expect(rightClick(screen.getByRole("textbox"))).toBe(true)
    expect(screen.queryByRole("menu")).toBeNull()
  })
})
