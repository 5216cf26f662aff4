import { describe, expect, it } from "vitest"
import { baseUrl, openApp } from "./support/browser"
import { callApi } from "./support/devServer"
import { pngChunk, solidPng, withChunks } from "./support/pngImage"
import { captureFullPage, horizontalOverflow } from "./support/screenshots"
import { loginByApi } from "./support/session"

/**
 * AL8, AL9 (docs/spec/aigc-labels.md, issue 29 part 3): a generated work's card and detail show the
 * AI生成 notice; an upload whose metadata says it was drawn by Stable Diffusion shows 疑似AI生成.
 */
const uploadFile = async (token: string, bytes: Buffer, name: string): Promise<string> => {
  const form = new FormData()
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name)
  const response = await fetch(new URL("/api/v1/base/upload", baseUrl()), { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form })
  return ((await response.json()) as { data: { url: string } }).data.url
}

describe("the AIGC notice (AL8, AL9)", () => {
  it("a square card and the detail show AI生成; an upload with SD metadata shows 疑似AI生成 in the library", async () => {
    const account = await loginByApi()
    const infotext = Buffer.concat([Buffer.from("parameters\0", "latin1"), Buffer.from("a fox in snow\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: 1, Size: 96x96", "latin1")])
    const url = await uploadFile(account.token, withChunks(solidPng(96, 96, [90, 140, 200]), pngChunk("tEXt", infotext)), "fox.png")
    const saved = await callApi<{ aigc_label?: number }>("/api/v2/artwork/upload", { token: account.token, json: { type: "sd", url, parameters: { prompt: "", negative_prompt: "", models: [], args: [] } } })
    expect(saved.aigc_label).toBe(3)

    for (const width of [1280, 1920]) {
      const square = await openApp("/list", { width })
      // a generated work's card (other files publish uploads too, which carry 疑似AI生成 or nothing)
      const card = square.locator("[data-testid=square-card]:visible").filter({ has: square.getByTestId("aigc-notice").getByText("AI生成", { exact: true }) }).first()
      await expect.poll(() => card.getByTestId("aigc-notice").innerText()).toBe("AI生成")
      expect(await horizontalOverflow(square)).toBe(0)
      await captureFullPage(square, `aigc-square-${width}`)
      await card.click()
      const detail = square.getByTestId("artwork-detail")
      await expect.poll(() => detail.getByTestId("aigc-notice").innerText()).toBe("AI生成")
      await captureFullPage(square, `aigc-detail-${width}`)
      await square.close()

      const library = await openApp(`/property?token=${encodeURIComponent(account.token)}`, { width })
      const item = library.getByTestId("property-item").first()
      await expect.poll(() => item.getByTestId("aigc-notice").innerText()).toBe("疑似AI生成")
      expect(await horizontalOverflow(library)).toBe(0)
      await captureFullPage(library, `aigc-upload-${width}`)
      await library.close()
    }
  }, 180_000)
})
