import { Analytics, FileSaver, KeyValueStore, Session, StorageKeys } from "@mido/core"
import { analyticsUserId } from "@mido/core/analytics"
import { Effect } from "effect"
import { afterEach, describe, expect, it, vi } from "vitest"
import { PNG, QR_KEY } from "../../test/fixtures.js"
import { makeBrowserAnalytics, withHashedUserId } from "./browserAnalytics.js"
import { makeBrowserClipboard } from "./browserClipboard.js"
import { makeBrowserFileSaver, OBJECT_URL_LIFETIME_MS } from "./BrowserFileSaver.js"
import { browserHost, makeWindowAddressBar, makeWindowViewport } from "./browserHost.js"
import { makeBrowserKeyValueStore } from "./browserKeyValueStore.js"
import { createBrowserRuntime } from "./createBrowserRuntime.js"
import { makeSessionQrNonce, QR_NONCE_KEY } from "./sessionQrNonce.js"

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  vi.restoreAllMocks()
  localStorage.clear()
  sessionStorage.clear()
})

describe("browser adapters", () => {
  it("clipboard: the async API when present, execCommand otherwise, unsupported without either", async () => {
    const writeText = vi.fn(() => Promise.resolve())
    const api = makeBrowserClipboard({ navigator: { clipboard: { writeText } } })
    await api.writeText("a cat")
    expect(writeText).toHaveBeenCalledWith("a cat")

    const execCommand = vi.fn(() => true)
    const doc = Object.assign(document, { execCommand })
    const fallback = makeBrowserClipboard({ navigator: {}, document: doc })
    expect(fallback.supported).toBe(true)
    await fallback.writeText("a dog")
    expect(execCommand).toHaveBeenCalledWith("copy")
    expect(document.querySelector("textarea")).toBeNull()

    const none = makeBrowserClipboard({ navigator: {}, document: undefined })
    expect(none.supported).toBe(false)
    await expect(none.writeText("x")).rejects.toThrow()
  })

  it("FileSaver: a Blob behind an object URL, a clicked <a download>, the URL revoked later", async () => {
    vi.useFakeTimers()
    const created: Array<Blob> = []
    const revoked: Array<string> = []
    const clicks: Array<{ href: string; download: string }> = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download })
    })
    const saver = makeBrowserFileSaver({
      document,
      URL: { createObjectURL: (blob) => (created.push(blob as Blob), "blob:mido/1"), revokeObjectURL: (url) => void revoked.push(url) }
    })
    await Effect.runPromise(saver.save({ name: "image_zip.zip", type: "application/zip", bytes: Uint8Array.of(80, 75, 3, 4) }))
    expect(click).toHaveBeenCalledTimes(1)
    expect(clicks).toEqual([{ href: "blob:mido/1", download: "image_zip.zip" }])
    expect(created[0]?.type).toBe("application/zip")
    expect(created[0]?.size).toBe(4)
    expect(document.querySelector("a")).toBeNull()
    expect(revoked).toEqual([])
    vi.advanceTimersByTime(OBJECT_URL_LIFETIME_MS)
    expect(revoked).toEqual(["blob:mido/1"])
  })

  it("analytics: pushes onto window.dataLayer (made when missing), user ids only hashed (NV11)", async () => {
    const page: { dataLayer?: Array<unknown> } = {}
    const analytics = makeBrowserAnalytics(page)
    await Effect.runPromise(analytics.push({ event: "page_view", user_id: 20001, uid: "20001" }))
    const hash = analyticsUserId(20001)
    expect(page.dataLayer).toEqual([{ event: "page_view", user_id: hash, uid: hash }])
    expect(await withHashedUserId({ user_id: hash })).toEqual({ user_id: hash })
    expect(await withHashedUserId({ event: "x" })).toEqual({ event: "x" })
  })

  it("analytics: events keep their order while the hash's code is fetched on first use (NV11)", async () => {
    const page: { dataLayer?: Array<unknown> } = {}
    const analytics = makeBrowserAnalytics(page)
    const first = Effect.runPromise(analytics.push({ event: "page_view", user_id: 20002 }))
    const second = Effect.runPromise(analytics.push({ event: "logout" }))
    await Promise.all([first, second])
    expect(page.dataLayer).toEqual([{ event: "page_view", user_id: analyticsUserId(20002) }, { event: "logout" }])
  })

  it("QR nonce: one per tab, kept in sessionStorage, 32 base64url characters", () => {
    const nonce = makeSessionQrNonce()
    const first = nonce()
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(nonce()).toBe(first)
    expect(sessionStorage.getItem(QR_NONCE_KEY)).toBe(first)
    sessionStorage.setItem(QR_NONCE_KEY, "bad nonce!")
    expect(nonce()).not.toBe("bad nonce!")
  })

  it("viewport and address bar over the window", () => {
    const viewport = makeWindowViewport(window)
    const widths: Array<number> = []
    const stop = viewport.subscribe((width) => widths.push(width))
    window.dispatchEvent(new Event("resize"))
    stop()
    window.dispatchEvent(new Event("resize"))
    expect(widths).toEqual([window.innerWidth])

    window.history.replaceState(null, "", "/list?from=ad&token=abc#top")
    const address = makeWindowAddressBar(window)
    expect(address.search()).toBe("?from=ad&token=abc")
    address.replaceSearch("?from=ad")
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe("/list?from=ad#top")
    address.replaceSearch("")
    expect(window.location.search).toBe("")
    expect(Object.keys(browserHost(window)).sort()).toEqual(["address", "clipboard", "qrNonce", "viewport"])
  })

  it("key-value store over localStorage; memory when storage is refused", async () => {
    const store = makeBrowserKeyValueStore()
    await Effect.runPromise(store.set("mido.sidebar", "{\"expanded\":false}"))
    expect(localStorage.getItem("mido.sidebar")).toBe("{\"expanded\":false}")
    const refused = makeBrowserKeyValueStore(() => {
      throw new Error("SecurityError")
    })
    await Effect.runPromise(refused.set("k", "v"))
    expect(await Effect.runPromise(refused.get("k"))).toBe("v")
  })

  it("createBrowserRuntime: the core over fetch at the base URL, localStorage and the data layer", async () => {
    const seen: Array<{ url: string; headers: Headers }> = []
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(input instanceof Request ? input.url : input), headers: new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)) })
      return new Response(JSON.stringify({ code: 0, msg: "success", data: { key: QR_KEY, qr: PNG, expire_in: 120 } }), { headers: { "content-type": "application/json" } })
    })
    localStorage.setItem(StorageKeys.inviteCode, "INV2024")
    vi.stubGlobal("fetch", fetch)
    const runtime = createBrowserRuntime({ baseUrl: "https://api.mido.test/" })
    try {
      const invite = await runtime.runPromise(Effect.flatMap(KeyValueStore, (kv) => kv.get(StorageKeys.inviteCode)))
      expect(invite).toBe("INV2024")
      const qr = await runtime.runPromise(Effect.flatMap(Session, (session) => session.wechatQr()))
      expect(qr.key).toBe(QR_KEY)
      expect(seen[0]?.url).toBe("https://api.mido.test/api/v1/open/base/get_login_wechat_qr_code")
      expect(seen[0]?.headers.get("source")).toBe("PC")
      await runtime.runPromise(Effect.flatMap(Analytics, (analytics) => analytics.push({ event: "probe" })))
      expect((window as { dataLayer?: Array<unknown> }).dataLayer).toContainEqual({ event: "probe" })
      expect(await runtime.runPromise(Effect.map(FileSaver, (saver) => typeof saver.save))).toBe("function")
    } finally {
      await runtime.dispose()
    }
  })
})
