import { DrawType } from "@mido/core"
import { envelope, makeMemoryServerEvents, taskEvents } from "@mido/core/testing"
import { afterEach, describe, expect, it, vi } from "vitest"
import { startupAnswers } from "../../../test/fixtures.js"
import { loggedIn, makeWorld, type World } from "../../../test/world.js"
import { intakeOf } from "./aigcIntake.js"

const COVER = "https://oss.test/uploads/presets"
const styles = [
  { group: "default", name: "水彩插画", cover: `${COVER}/a.jpg` },
  { group: "pro", name: "电影质感", cover: `${COVER}/b.jpg` }
]
const versions = [{ name: "v7", label: "MJ V7", cover: `${COVER}/v7.jpg` }, { name: "niji 6", label: "Niji 6", cover: `${COVER}/niji.jpg` }]
const BASE = "https://oss.test/uploads/u/10001/base.png"

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const open = (stored: Record<string, string> = {}) => {
  world = makeWorld({
    stored: loggedIn(stored),
    host: { serverEvents: makeMemoryServerEvents(() => taskEvents()).events },
    answers: {
      ...startupAnswers,
      "/api/v2/quick/styles": () => envelope(0, { list: styles }),
      "/api/v2/quick/mj/versions": () => envelope(0, { list: versions }),
      "/api/v2/quick/task/points": (request) => envelope(0, { points: 4 * ((request.body as { value: { num: number } }).value.num), balance: 100 }),
      "/api/v2/task/list": () => envelope(0, { list: [] })
    }
  })
  return world
}

describe("AigcStore: /aigc's quick and MJ forms", () => {
  it("takes the presets from the server, the first of each chosen; a group switch chooses that group's first", async () => {
    const { store, boot } = open()
    await boot()
    const aigc = await store.aigcStore()
    await aigc.loadPresets()
    expect([aigc.quick.styleName, aigc.mj.version]).toEqual(["水彩插画", "v7"])
    aigc.selectGroup("pro")
    expect([aigc.quick.styleGroup, aigc.quick.styleName, aigc.quick.styleCover]).toEqual(["pro", "电影质感", `${COVER}/b.jpg`])
  })

  it("says what is missing and sends nothing until the form is complete", async () => {
    const { store, boot, calls, toasts } = open()
    await boot()
    const aigc = await store.aigcStore()
    await aigc.loadPresets()
    expect(aigc.missing).toBe("请先上传底图或从资产库选择")
    expect(await aigc.generate()).toBeNull()
    expect(toasts()).toContain("warning:请先上传底图或从资产库选择")
    aigc.setMode("mj")
    expect(aigc.missing).toBe("请输入提示词")
    expect(calls("/api/v2/task/submit")).toHaveLength(0)
  })

  it("follows the cost of the options with the points call (debounced)", async () => {
    const { store, boot, calls } = open()
    await boot()
    const aigc = await store.aigcStore()
    aigc.followCost()
    aigc.updateQuick({ num: 3 })
    await vi.waitFor(() => expect(aigc.cost.points).toBe(12))
    expect(calls("/api/v2/quick/task/points").at(-1)?.body).toMatchObject({ value: { type: "quick", num: 3 } })
    aigc.dispose()
  })

  it("keeps at most the slot's count of references, and takes same-style parameters, consumed once the user is signed in (SD1)", async () => {
    const work = { drawType: DrawType.quick_mj, params: { style_reference: [BASE], version_info: { name: "niji 6", cover: `${COVER}/niji.jpg` } }, rewardImage: null, referenceImage: null }
    const { store, boot } = open({ "mido.work": JSON.stringify(work) })
    await boot()
    const aigc = await store.aigcStore()
    aigc.open(false)
    expect([aigc.mode, aigc.mj.version, aigc.mj.references.style_reference]).toEqual(["mj", "niji 6", [BASE]])
    expect(store.work.params).not.toBeNull()
    aigc.open(true)
    expect(store.work.params).toBeNull()
    aigc.place("omni_reference", BASE)
    aigc.place("omni_reference", `${BASE}?2`)
    expect(aigc.mj.references.omni_reference).toEqual([BASE])
  })
})

describe("AigcStore: same-style loses nothing (SD1, SD10–SD11) and the MJ version rule shows at once (GV12)", () => {
  const waiting = (work: unknown) => ({ "mido.work": JSON.stringify(work) })

  it("SD1 an MJ work fills the prompt, every reference and its version (a long version name matched, SD11)", async () => {
    const params = { prompt: "一只机械猫 --chaos 10", image_prompts: [BASE], style_reference: [`${BASE}?s`], character_reference: [], omni_reference: [`${BASE}?o`], version_info: { name: "Midjourney V7" } }
    const { store, boot } = open(waiting({ drawType: DrawType.quick_mj, params, rewardImage: null, referenceImage: null }))
    await boot()
    const aigc = await store.aigcStore()
    aigc.open(true)
    await vi.waitFor(() => expect(aigc.presetsLoaded).toBe(true))
    expect(aigc.mj).toMatchObject({ prompt: "一只机械猫 --chaos 10", version: "v7", versionCover: `${COVER}/v7.jpg`, references: { image_prompts: [BASE], style_reference: [`${BASE}?s`], character_reference: [], omni_reference: [`${BASE}?o`] } })
    expect([aigc.mode, aigc.retiredVersionText, aigc.missing]).toEqual(["mj", null, null])
  })

  it("SD10 a quick work fills its style and prompt; a retired style is named and none is chosen until the user picks one", async () => {
    const { store, boot } = open(waiting({ drawType: DrawType.quick, params: { base_image_url: BASE, style_info: { group: "pro", name: "电影质感", cover: "old.jpg" }, prompt: "海边" }, rewardImage: null, referenceImage: null }))
    await boot()
    const aigc = await store.aigcStore()
    aigc.open(true)
    await vi.waitFor(() => expect(aigc.presetsLoaded).toBe(true))
    expect(aigc.quick).toMatchObject({ styleGroup: "pro", styleName: "电影质感", styleCover: `${COVER}/b.jpg`, prompt: "海边", baseImage: BASE })
    expect(aigc.retiredStyleText).toBeNull()

    store.work.applySameStyle({ action: "aigc", drawType: DrawType.quick, params: { base_image_url: BASE, style_info: { group: "default", name: "国风插画", cover: "x.jpg" } } })
    aigc.open(true)
    expect(aigc.retiredStyleText).toBe("原风格「国风插画」已下架，请重新选择")
    expect([aigc.quick.styleName, aigc.missing]).toEqual([null, "请选择风格"])
    aigc.selectStyle(styles[0] as never)
    expect([aigc.retiredStyleText, aigc.quick.styleName, aigc.missing]).toEqual([null, "水彩插画", null])
  })

  it("SD11 a version no longer offered is named and none is chosen", async () => {
    const { store, boot } = open(waiting({ drawType: DrawType.quick_mj, params: { prompt: "猫", version_info: { name: "Midjourney V5.2" } }, rewardImage: null, referenceImage: null }))
    await boot()
    const aigc = await store.aigcStore()
    aigc.open(true)
    await vi.waitFor(() => expect(aigc.presetsLoaded).toBe(true))
    expect([aigc.retiredVersionText, aigc.mj.version, aigc.missing]).toEqual(["原版本「Midjourney V5.2」已下架，请重新选择", null, "请选择版本"])
  })

  it("GV12 a character reference on V7 is explained at the slot, beside the version and as the reason 生成 waits", async () => {
    const { store, boot, calls } = open()
    await boot()
    const aigc = await store.aigcStore()
    await aigc.loadPresets()
    aigc.setMode("mj")
    aigc.updateMj({ prompt: "猫" })
    expect([aigc.slotRule("character_reference"), aigc.slotRule("omni_reference"), aigc.missing]).toEqual(["角色参考仅支持 V6 与 Niji 6", null, null])
    aigc.place("character_reference", BASE)
    expect(aigc.missing).toBe("角色参考仅支持 V6 与 Niji 6")
    expect([aigc.versionNote("v7"), aigc.versionNote("niji 6")]).toEqual(["不支持角色参考", null])
    expect(await aigc.generate()).toBeNull()
    expect(calls("/api/v2/task/submit")).toHaveLength(0)
    aigc.selectVersion(versions[1] as never)
    expect([aigc.slotRule("character_reference"), aigc.slotRule("omni_reference"), aigc.missing]).toEqual([null, "全能参考仅支持 V7 及以上版本", null])
  })
})

describe("intakeOf: the work store as /aigc form changes (spec §4 SD1)", () => {
  it.each([
    ["nothing waiting", { drawType: DrawType.quick, params: null, rewardImage: null, referenceImage: null }, null],
    ["quick: base image and style", { drawType: DrawType.quick, params: { base_image_url: BASE, style_info: { group: "pro", name: "电影质感", cover: "c" } }, rewardImage: null, referenceImage: null },
      { mode: "quick", quick: { baseImage: BASE, styleName: "电影质感", styleCover: "c", styleGroup: "pro" } }],
    ["quick: the prompt too", { drawType: DrawType.quick, params: { style_info: { group: "pro", name: "电影质感" }, prompt: "海边" }, rewardImage: null, referenceImage: null },
      { mode: "quick", quick: { prompt: "海边", styleName: "电影质感", styleCover: null, styleGroup: "pro" } }],
    ["quick: only a reference image → the base image", { drawType: DrawType.quick, params: null, rewardImage: null, referenceImage: BASE }, { mode: "quick", quick: { baseImage: BASE } }],
    ["quick_mj: only a reference image → the first image prompt", { drawType: DrawType.quick_mj, params: null, rewardImage: null, referenceImage: BASE },
      { mode: "mj", mj: { references: { image_prompts: [BASE], style_reference: [], character_reference: [], omni_reference: [] } } }]
  ] as const)("%s", (_name, work, expected) => {
    expect(intakeOf(work as never)).toEqual(expected)
  })
})
