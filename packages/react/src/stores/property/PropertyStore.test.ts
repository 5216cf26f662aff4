import { envelope } from "@mido/core/testing"
import JSZip from "jszip"
import { afterEach, describe, expect, it } from "vitest"
import { startupAnswers } from "../../../test/fixtures.js"
import { loggedIn, makeWorld, settle, type World } from "../../../test/world.js"
import { downloadSummary } from "./PropertyStore.js"

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const LIST = "/api/v2/artwork/list"
const DELETE = "/api/v2/artwork/delete"
const CDN = "https://cdn.mido.example.com/artwork"
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7])

const item = (id: number) => ({
  type: "sd",
  id,
  cover: `${CDN}/${id}.png`,
  width: 512,
  height: 512,
  created_at: 1793520000 - id,
  stat: { comment_count: 0, favorite_count: 0, like_count: 0, share_count: 0, view_count: 0 },
  user_avatar: `${CDN}/a.png`,
  user_name: "阿雪",
  user_uid: 20001,
  library_type: "sd",
  audit_status: "draft",
  is_public: false
})

/** 45 works (ids 1…45); with q, only the first 3; deleted ones are gone. */
const library = () => {
  const gone = new Set<number>()
  const answers = {
    ...startupAnswers,
    "/api/v2/artwork/types": () => envelope(0, { list: [{ type: "sd", name: "在线 SD", count: 45 - gone.size }] }),
    [LIST]: (request: { query?: Readonly<Record<string, unknown>> }) => {
      const page = Number(request.query?.page)
      const all = Array.from({ length: request.query?.q === undefined ? 45 : 3 }, (_, index) => index + 1).filter((id) => !gone.has(id))
      return envelope(0, { list: all.slice((page - 1) * 30, page * 30).map(item), total: all.length })
    },
    [DELETE]: (request: { body?: unknown }) => {
      const { ids } = (request.body as { value: { ids: Array<number> } }).value
      for (const id of ids) gone.add(id)
      return envelope(0, { deleted: ids.length })
    }
  }
  return answers
}

const open = async (extraFiles: Record<string, Uint8Array> = {}) => {
  world = makeWorld({ answers: library(), stored: loggedIn() })
  for (const [url, bytes] of Object.entries(extraFiles)) world.memory.files.set(url, { status: 200, contentType: "image/png", bytes })
  await world.boot()
  const property = await world.store.propertyStore()
  await property.list.start()
  return { ...world, property }
}

describe("PropertyStore: the asset library (/property, issue 12)", () => {
  it("pages by 30 and sends only the filters set; any filter change starts over and clears the selection", async () => {
    const { property, calls } = await open()
    expect(property.list.items).toHaveLength(30)
    expect(calls(LIST)[0]?.query).toEqual({ page: "1", size: "30" })
    await property.list.loadMore()
    expect(property.list.items).toHaveLength(45)
    property.click(1, false)
    await property.search("  雪夜  ")
    expect(calls(LIST).at(-1)?.query).toEqual({ q: "雪夜", page: "1", size: "30" })
    expect(property.list.items).toHaveLength(3)
    expect(property.selectedCount).toBe(0)
    await property.setType("sd")
    await property.setDays("2026-03-01", "")
    expect(calls(LIST).at(-1)?.query).toEqual({ type: "sd", q: "雪夜", from: "2026-03-01", page: "1", size: "30" })
    expect(property.filtered).toBe(true)
    const sent = calls(LIST).length
    await property.search("雪夜")
    expect(calls(LIST)).toHaveLength(sent)
    await property.clearFilters()
    expect(calls(LIST).at(-1)?.query).toEqual({ page: "1", size: "30" })
    expect(property.filtered).toBe(false)
  })

  it("selects by click, shift-click range and 全选 of the loaded page", async () => {
    const { property } = await open()
    property.click(3, false)
    property.click(6, true)
    expect(property.selectedIds).toEqual([3, 4, 5, 6])
    property.click(4, false)
    expect(property.selectedIds).toEqual([3, 5, 6])
    property.selectAllLoaded()
    expect(property.selectedCount).toBe(30)
    expect(property.allLoadedSelected).toBe(true)
    property.selectAllLoaded()
    expect(property.selectedCount).toBe(0)
  })

  it("zips the selection in the order shown and names the image that failed", async () => {
    const { property, files, toasts } = await open({ [`${CDN}/2.png`]: PNG, [`${CDN}/4.png`]: PNG })
    property.click(4, false)
    property.click(2, false)
    property.click(3, false)
    const report = await property.downloadSelected()
    expect(report).toMatchObject({ saved: 2, failed: [{ n: 2, url: `${CDN}/3.png` }] })
    const archive = await JSZip.loadAsync(files.saved[0]!.bytes)
    expect(Object.keys(archive.files).sort()).toEqual(["image_1.png", "image_3.png"])
    expect(toasts()).toContain("warning:已打包 2 张图片，image_2 下载失败，未放入压缩包")
    expect(property.download).toBeNull()
  })

  it.each([
    ["all saved", { saved: 3, failed: [] }, 3, "success", "已打包 3 张图片：image_zip.zip"],
    ["some failed", { saved: 1, failed: [{ n: 2, url: "x", reason: "HTTP 404" }, { n: 3, url: "y", reason: "HTTP 500" }] }, 3, "warning", "已打包 1 张图片，image_2、image_3 下载失败，未放入压缩包"],
    ["all failed", { saved: 0, failed: [{ n: 1, url: "x", reason: "HTTP 404" }] }, 1, "error", "下载失败：image_1 均未能下载"]
  ] as const)("the download's outcome when %s", (_name, report, asked, kind, text) => {
    expect(downloadSummary(report, asked)).toEqual({ kind, text })
  })

  it("deletes the selection only after the confirm dialog; the works are gone after the reload", async () => {
    const { property, store, calls, toasts } = await open()
    property.click(1, false)
    property.click(2, false)
    const declined = property.deleteSelected()
    await settle()
    expect(store.confirmDialog.request?.message).toBe("确定删除选中的 2 个作品吗？删除后无法恢复。")
    store.confirmDialog.answer(false)
    expect(await declined).toBe(0)
    expect(calls(DELETE)).toHaveLength(0)

    const accepted = property.deleteSelected()
    await settle()
    store.confirmDialog.answer(true)
    expect(await accepted).toBe(2)
    expect(calls(DELETE)[0]?.body).toEqual({ kind: "json", value: { ids: [1, 2] } })
    expect(property.list.items.map((work) => work.id)).not.toContain(1)
    expect(property.selectedCount).toBe(0)
    expect(property.types[0]?.count).toBe(43)
    expect(toasts()).toContain("success:已删除 2 个作品")
  })

  it.each([
    ["a gif", [{ name: "a.gif", type: "image/gif", size: 10 }], "只能上传 png, jpg, jpeg 格式的图片"],
    ["16 MB", [{ name: "a.png", type: "image/png", size: 16 * 1024 * 1024 }], "文件大小不能超过 15 MB"],
    ["11 files", Array.from({ length: 11 }, (_, index) => ({ name: `${index}.png`, type: "image/png", size: 10 })), "最多上传 10 张图片"]
  ])("refuses an upload of %s with the spec's message, sending nothing", async (_name, picked, message) => {
    const { property, memory, toasts } = await open()
    const before = memory.requests.length
    expect(await property.uploadFiles(picked.map((file) => ({ ...file, blob: new Blob([]) })))).toBe(0)
    expect(toasts()).toContain(`error:${message}`)
    expect(memory.requests).toHaveLength(before)
  })

  it("forgets the library on logout", async () => {
    const { property, store } = await open()
    property.click(1, false)
    await store.session.logout()
    expect(property.list.items).toEqual([])
    expect(property.selection.ids).toEqual([])
  })
})
