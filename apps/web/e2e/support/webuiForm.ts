import type { Page } from "playwright-core"

export const inputValue = (page: Page, testId: string) => page.getByTestId(testId).inputValue()

/** Every field of the /webui form as the user sees it (webui.e2e.ts, pngInfo.e2e.ts). */
export const webuiFields = async (page: Page) => ({
  checkpoint: await inputValue(page, "webui-checkpoint"),
  prompt: await inputValue(page, "webui-prompt"),
  negative: await inputValue(page, "webui-negative"),
  sampler: await inputValue(page, "webui-sampler"),
  schedule: await inputValue(page, "webui-schedule"),
  steps: await inputValue(page, "webui-steps"),
  cfg: await inputValue(page, "webui-cfg"),
  width: await inputValue(page, "webui-width"),
  height: await inputValue(page, "webui-height"),
  seed: await inputValue(page, "webui-seed"),
  batch: (await page.getByRole("group", { name: "生成数量" }).locator("[aria-pressed=true]").innerText()).trim(),
  hires: await page.getByTestId("webui-hires").isChecked(),
  loras: await page.getByTestId("webui-lora").evaluateAll((rows) =>
    rows.map((row) => `${(row.querySelector("span")?.textContent ?? "").trim()}:${(row.querySelector("input[type=number]") as HTMLInputElement | null)?.value ?? ""}`))
})
