import { join } from "node:path"
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core"
import { inject, onTestFinished } from "vitest"
import { artifactsDir } from "./paths"

let connection: Promise<Browser> | undefined

/** The run's shared Chromium (launched by globalSetup), connected once per test file. */
export const sharedBrowser = (): Promise<Browser> => (connection ??= chromium.connect(inject("browserWsEndpoint")))

export const disconnectBrowser = async (): Promise<void> => {
  const browser = await connection
  connection = undefined
  await browser?.close()
}

let serverOverride: string | undefined
/** Points this test file's pages and API calls at another server (a file that starts its own: mjActions.e2e.ts). */
export const useServer = (url: string | undefined): void => {
  serverOverride = url
}
export const baseUrl = (): string => serverOverride ?? inject("baseUrl")

/** Uncaught exceptions in any page of the current test; the setup file fails the test when there are any. */
export const pageErrors: Array<string> = []

export const DESKTOP = { width: 1280, height: 800 } as const

/** An iPhone as far as the app can tell (spec §2's mobile rules read the user agent). */
export const IPHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  userAgent:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2
}

export interface AppOptions {
  /** Window width in px (height follows: 800, or 1080 from 1920 up); default 1280. */
  readonly width?: number
  readonly height?: number
  /** Extra context options (a mobile device, permissions, …). */
  readonly context?: BrowserContextOptions
  /** Wait for this load state after the first navigation; default "load". */
  readonly waitUntil?: "load" | "domcontentloaded" | "networkidle"
  /**
   * Let the community feature prompt (spec §2, a one-time modal over every page) show, as on a device
   * that never saw it. Off by default: a context starts as a device that dismissed it, so tests about
   * other things are not covered by it (notices.e2e.ts tests the prompt itself).
   */
  readonly featurePrompt?: boolean
  /**
   * Let the reminder dialog (spec §4: beans low, high use, membership expiring) come up. Off by
   * default: a new test account has 0 beans, and a test about something else should not meet a modal,
   * so its browser counts today's reminders as already shown (the app's own storage key).
   */
  readonly reminders?: boolean
}

/**
 * MIDO_E2E_CPU_THROTTLE=<rate> runs every page of the run on a CPU `rate` times slower (Chromium's
 * Emulation.setCPUThrottlingRate), as on a busy 2-core CI machine: a click that only works when the
 * page's code has already arrived shows up here. Unset (the default) leaves the CPU alone.
 */
const cpuThrottle = (): number | undefined => {
  const rate = Number(process.env.MIDO_E2E_CPU_THROTTLE ?? "")
  return Number.isFinite(rate) && rate > 1 ? rate : undefined
}

const throttled = new WeakMap<Page, Promise<void>>()

/** Slows `page`'s CPU when MIDO_E2E_CPU_THROTTLE asks for it; once per page, awaited before its first navigation. */
export const throttlePage = (page: Page): Promise<void> => {
  const rate = cpuThrottle()
  if (rate === undefined) return Promise.resolve()
  let done = throttled.get(page)
  if (done === undefined) {
    done = page
      .context()
      .newCDPSession(page)
      .then((session) => session.send("Emulation.setCPUThrottlingRate", { rate }))
      .then(() => undefined)
    throttled.set(page, done)
  }
  return done
}

const safeName = (text: string) => text.replace(/[^\w\u4e00-\u9fff-]+/g, "_").slice(0, 120)

/**
 * A fresh browser context (no storage, no cookies) for the current test, closed when the test ends;
 * a failing test leaves a screenshot of every open page in e2e/artifacts/failures/.
 */
export const newAppContext = async (options: AppOptions = {}): Promise<BrowserContext> => {
  const browser = await sharedBrowser()
  const width = options.width ?? DESKTOP.width
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: options.height ?? (width >= 1920 ? 1080 : DESKTOP.height) },
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    ...options.context
  })
  context.on("page", (page) => {
    page.on("pageerror", (error) => pageErrors.push(`${page.url()}: ${error.message}`))
    void throttlePage(page).catch(() => undefined) // a page closed at once
  })
  // the persisted feature-prompt-show flag (spec §3) of a device that closed the prompt before
  if (options.featurePrompt !== true) {
    await context.addInitScript(() => {
      try {
        window.localStorage.setItem("feature-prompt-show", "true")
      } catch {
        // about:blank has no storage
      }
    })
  }
  if (options.reminders !== true) {
    await context.addInitScript(() => {
      // about:blank (a new page before its first navigation) has no storage of its own
      if (!location.protocol.startsWith("http")) return
      const now = Date.now()
      localStorage.setItem("mido.reminders", JSON.stringify({ 1: now, 2: now, 3: now }))
    })
  }
  onTestFinished(async ({ task }) => {
    if (task.result?.state === "fail") {
      const pages = context.pages()
      for (const [index, page] of pages.entries()) {
        const file = join(artifactsDir, "failures", `${safeName(task.name)}${pages.length > 1 ? `-${index + 1}` : ""}.png`)
        await page.screenshot({ path: file, fullPage: true }).catch(() => undefined)
      }
    }
    await context.close()
  })
  return context
}

/** Opens `path` of the app in a fresh context at the given width; answers the page. */
export const openApp = async (path: string, options: AppOptions = {}): Promise<Page> => {
  const context = await newAppContext(options)
  const page = await context.newPage()
  await throttlePage(page)
  await page.goto(path, { waitUntil: options.waitUntil ?? "load" })
  return page
}

/** The address bar as the user reads it: path, query and hash. */
export const addressOf = (page: Page): string => {
  const url = new URL(page.url())
  return `${url.pathname}${url.search}${url.hash}`
}

/** Waits until the address bar shows exactly `address` (path + query), e.g. "/login?ref=%2Fproperty". */
export const waitForAddress = (page: Page, address: string, timeout = 10_000): Promise<void> =>
  page.waitForURL((url) => `${url.pathname}${url.search}` === address, { timeout })

/** Waits for the browser title the navigation guard sets (NV3: route title + product name). */
export const waitForTitle = (page: Page, title: string, timeout = 10_000): Promise<unknown> =>
  page.waitForFunction((expected) => document.title === expected, title, { timeout })
