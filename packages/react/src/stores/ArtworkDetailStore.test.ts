import { DrawType, StorageKeys } from "@mido/core"
import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it, vi } from "vitest"
import { loggedIn, makeWorld, settle, type World, type WorldOptions } from "../../test/world.js"
import { HEARTBEAT_MS, MODEL_ADDED_TEXT } from "./ArtworkDetailStore.js"

const INFO = "/api/v2/open/artwork/info"
const LIKE = "/api/v1/user/like"
const FOLLOW = "/api/v1/user/follow"
const MODEL_INFO = "/api/v1/open/artwork/models/info"
const ADD_MODEL = "/api/v1/sd/models/add"

const face = {
  id: 52031,
  cover: "https://cdn.mido.test/52031.png",
  width: 768,
  height: 1024,
  created_at: 1_760_000_000,
  stat: { comment_count: 0, favorite_count: 3, like_count: 10, share_count: 0, view_count: 99 },
  user_avatar: "https://cdn.mido.test/u.png",
  user_name: "画画的阿雪",
  user_uid: 30001,
  user_stat: { artwork_count: 12, artwork_like_count: 80, artwork_view_count: 900, followee_count: 4, follower_count: 20 },
  is_collected: false,
  is_follow: false,
  is_like: false,
  is_owner: false
}
const sd = {
  ...face,
  type: "sd",
  parameters: {
    prompt: "江南水乡, 烟雨",
    negative_prompt: "lowres",
    models: [
      { type: "Checkpoint", name: "国风水墨 v3", files: [{ name: "guofeng_ink_v3.safetensors" }] },
      { type: "LoRA", name: "油纸伞", files: [{ name: "oilpaper_umbrella.safetensors" }] }
    ],
    args: [
      { key: "steps", title: "Steps", value: 30 },
      { key: "sampler", title: "Sampler", value: "DPM++ 2M" },
      { key: "cfg_scale", title: "CFG scale", value: 7 }
    ]
  }
}
const quickParameters = { base_image_url: "https://cdn.mido.test/base.png", style_info: { group: "pro", name: "水彩", cover: "https://cdn.mido.test/s.png" } }
const quick = { ...face, id: 52032, type: "quick", parameters: quickParameters }
const mjParameters = { image_prompts: ["https://cdn.mido.test/p.png"], style_reference: [], character_reference: [], omni_reference: [], version_info: { name: "V7" } }
const quickMj = { ...face, id: 52033, type: "quick_mj", parameters: mjParameters }
const agent = { ...face, id: 52034, type: "agent", parameters: { id: 3, name: "小米助手", head: "https://cdn.mido.test/h.png" } }
const modelCard = {
  id: 3101, type: "Checkpoint", name: "国风水墨 v3", cover: "https://cdn.mido.test/m.png", description: "水墨", base_model: "SD 1.5",
  files: [{ name: "guofeng_ink_v3.safetensors", size: 1 }], tags: [], use_count: 3, is_added: false
}

let world: World | undefined
afterEach(async () => {
  vi.useRealTimers()
  await world?.dispose()
  world = undefined
})

/** A started world whose info answers `artwork`; logged in unless `visitor`. */
const openWorld = async (artwork: object = sd, options: WorldOptions & { visitor?: boolean } = {}) => {
  world = makeWorld({
    stored: options.visitor === true ? {} : loggedIn(),
    ...options,
    answers: { [INFO]: () => envelope(0, artwork), ...options.answers }
  })
  await world.boot()
  // the start-up's own calls (user, unread, reminders) are not answered here: their toasts are not ours
  for (const toast of [...world.store.toasts.shown]) world.store.toasts.dismiss(toast.id)
  const detail = await world.store.artworkDetailStore()
  return { world, detail }
}

describe("ArtworkDetailStore: opening and closing (spec §2 artwork dialog, §5)", () => {
  it("opens by id (a route's text too) and shows the artwork; close drops it", async () => {
    const { world, detail } = await openWorld()
    await detail.open("52031")
    expect(world.calls(INFO)[0]?.query).toEqual({ id: "52031" })
    expect(detail.status).toBe("ready")
    expect(detail.artwork).toMatchObject({ id: 52031, type: "sd" })
    detail.close()
    expect(detail).toMatchObject({ status: "closed", artwork: null, artworkId: undefined })
  })

  it.each([
    ["no id", undefined],
    ["empty text", ""],
    ["0", "0"],
    ["not digits", "abc"]
  ])("%s: the error 请传入作品ID and nothing asked (spec §5)", async (_name, id) => {
    const { world, detail } = await openWorld()
    await detail.open(id)
    expect(detail).toMatchObject({ status: "missing", errorText: "请传入作品ID" })
    expect(world.calls(INFO)).toHaveLength(0)
  })

  it.each([
    ["a drawing", {}, "在线 SD"],
    ["an upload", { origin: "upload" }, "上传"],
    ["a tool result", { origin: "tool", parameters: { ...sd.parameters, args: [...sd.parameters.args, { key: "tool", title: "工具", value: "高清修复" }] } }, "工具 · 高清修复"]
  ])("LB4 names %s by its origin, not 在线 SD when it is none", async (_name, extra, label) => {
    const { detail } = await openWorld({ ...sd, ...extra })
    await detail.open("52031")
    expect(detail.typeLabel).toBe(label)
  })

  it("a refused id shows the server's msg", async () => {
    const { detail } = await openWorld(sd, { answers: { [INFO]: () => envelope(404, null, "作品不存在或已删除") } })
    await detail.open(9)
    expect(detail).toMatchObject({ status: "failed", errorText: "作品不存在或已删除", artwork: null })
  })

  it("a later opening wins over a slower earlier one; closing drops a late answer", async () => {
    const { detail, world } = await openWorld()
    world.server[INFO] = (request) => envelope(0, request.query?.id === "52032" ? quick : sd)
    const first = detail.open(52031)
    await detail.open(52032)
    await first
    expect(detail.artwork?.id).toBe(52032)
    const late = detail.open(52031)
    detail.close()
    await late
    expect(detail).toMatchObject({ status: "closed", artwork: null })
  })

  it("R9: a logout asks for an open artwork again (the viewer's flags were the user's)", async () => {
    const { detail, world } = await openWorld({ ...sd, is_like: true })
    await detail.open(52031)
    world.server[INFO] = () => envelope(0, sd)
    world.store.session.logout()
    await settle()
    await vi.waitFor(() => expect(detail.artwork?.is_like).toBe(false))
  })
})

describe("ArtworkDetailStore: like and follow (spec §4, §5: the state changes only on code 0, follow also needs data.success)", () => {
  it.each([
    ["code 0 likes: the server's state and count", () => envelope(0, { is_like: true, like_count: 11 }), { is_like: true, like_count: 11, heartbeat: true, toast: [] }],
    ["code ≠ 0 changes nothing and shows the msg", () => envelope(500, null, "点赞失败"), { is_like: false, like_count: 10, heartbeat: false, toast: ["error:点赞失败"] }]
  ])("like: %s", async (_name, answer, expected) => {
    const { detail, world } = await openWorld(sd, { answers: { [LIKE]: answer } })
    await detail.open(52031)
    await detail.like()
    expect(world.calls(LIKE)[0]?.body).toMatchObject({ kind: "json", value: { target_id: 52031, target_type: "artwork", action: "like" } })
    expect(detail.artwork).toMatchObject({ is_like: expected.is_like, stat: { like_count: expected.like_count } })
    expect(detail.heartbeat).toBe(expected.heartbeat)
    expect(world.toasts()).toEqual(expected.toast)
  })

  it("the heartbeat lasts about 400 ms; an unlike does not beat", async () => {
    const { detail, world } = await openWorld(sd, { answers: { [LIKE]: () => envelope(0, { is_like: true, like_count: 11 }) } })
    await detail.open(52031)
    vi.useFakeTimers()
    await detail.like()
    expect(detail.heartbeat).toBe(true)
    vi.advanceTimersByTime(HEARTBEAT_MS - 1)
    expect(detail.heartbeat).toBe(true)
    vi.advanceTimersByTime(1)
    expect(detail.heartbeat).toBe(false)
    world.server[LIKE] = () => envelope(0, { is_like: false, like_count: 10 })
    await detail.like()
    expect(detail.artwork).toMatchObject({ is_like: false, stat: { like_count: 10 } })
    expect(detail.heartbeat).toBe(false)
  })

  it.each([
    ["code 0 and success: followed, one more follower", () => envelope(0, { success: true }), { is_follow: true, followers: 21, toasts: 0 }],
    ["code 0 without success: nothing changes", () => envelope(0, { success: false }), { is_follow: false, followers: 20, toasts: 1 }],
    ["code ≠ 0: nothing changes", () => envelope(400, null, "关注失败"), { is_follow: false, followers: 20, toasts: 1 }]
  ])("follow: %s", async (_name, answer, expected) => {
    const { detail, world } = await openWorld(sd, { answers: { [FOLLOW]: answer } })
    await detail.open(52031)
    await detail.follow()
    expect(world.calls(FOLLOW)[0]?.body).toMatchObject({ kind: "json", value: { uid: 30001, action: "follow" } })
    expect(detail.artwork).toMatchObject({ is_follow: expected.is_follow, user_stat: { follower_count: expected.followers } })
    expect(world.toasts()).toHaveLength(expected.toasts)
  })

  it("unfollow takes one follower away", async () => {
    const { detail } = await openWorld({ ...sd, is_follow: true }, { answers: { [FOLLOW]: () => envelope(0, { success: true }) } })
    await detail.open(52031)
    await detail.follow()
    expect(detail.artwork).toMatchObject({ is_follow: false, user_stat: { follower_count: 19 } })
  })

  it("spec §6: the owner cannot follow (the button is hidden) and no call is made", async () => {
    const { detail, world } = await openWorld({ ...sd, is_owner: true })
    await detail.open(52031)
    expect(detail.canFollow).toBe(false)
    await detail.follow()
    expect(world.calls(FOLLOW)).toHaveLength(0)
  })

  it.each([
    ["like", (detail: Awaited<ReturnType<typeof openWorld>>["detail"]) => detail.like(), LIKE],
    ["follow", (detail: Awaited<ReturnType<typeof openWorld>>["detail"]) => detail.follow(), FOLLOW]
  ])("a visitor's %s asks for the login instead of calling", async (_name, act, url) => {
    const { detail, world } = await openWorld(sd, { visitor: true })
    await detail.open(52031)
    await act(detail)
    expect(detail.loginPrompt).toBe(true)
    expect(world.calls(url)).toHaveLength(0)
    detail.dismissLoginPrompt()
    expect(detail.loginPrompt).toBe(false)
  })
})

describe("ArtworkDetailStore: same-style (spec §4, SD1–SD3)", () => {
  it.each([
    ["quick: draw type 1 and its parameters in the work store, /aigc", quick, "/aigc", { drawType: DrawType.quick, params: quickParameters }],
    ["quick_mj: draw type 2 and its parameters in the work store, /aigc", quickMj, "/aigc", { drawType: DrawType.quick_mj, params: mjParameters }]
  ])("%s", async (_name, artwork, path, stored) => {
    const { detail, world } = await openWorld(artwork)
    await detail.open(artwork.id)
    expect(detail.sameStyle()).toBe(path)
    expect(detail.status).toBe("closed")
    expect(world.store.work.state).toMatchObject(stored)
    expect(JSON.parse(world.kv.entries.get(StorageKeys.work) ?? "null")).toMatchObject(stored)
  })

  it("sd: /webui with the checkpoint and the infotext; the work store is left alone", async () => {
    const { detail, world } = await openWorld(sd)
    await detail.open(52031)
    const path = detail.sameStyle() ?? ""
    const url = new URL(path, "http://mido.test")
    expect(url.pathname).toBe("/webui")
    expect(url.searchParams.get("model")).toBe("国风水墨 v3")
    expect(url.searchParams.get("prompt_for_paste")).toBe("江南水乡, 烟雨, <lora:oilpaper_umbrella:1.0>\nNegative prompt: lowres\nSteps: 30, Sampler: DPM++ 2M, CFG scale: 7")
    expect(detail.status).toBe("closed")
    expect(world.store.work.params).toBeNull()
  })

  it("agent: no same-style (the button is hidden) and the detail stays open", async () => {
    const { detail } = await openWorld(agent)
    await detail.open(52034)
    expect(detail.canSameStyle).toBe(false)
    expect(detail.sameStyle()).toBeNull()
    expect(detail.status).toBe("ready")
  })
})

describe("ArtworkDetailStore: 收藏 (POST /api/v1/user/collect) and continuing an assistant's drawing (SD12)", () => {
  const COLLECT = "/api/v1/user/collect"

  it("收藏 shows at once, keeps the server's count and tells the 收藏 tab; 取消收藏 goes back", async () => {
    let collected = false
    const { detail, world } = await openWorld(sd, {
      answers: {
        [COLLECT]: (request) => {
          collected = (request.body as { value: { action: string } }).value.action === "collect"
          return envelope(0, { is_collected: collected, favorite_count: collected ? 8 : 7 })
        }
      }
    })
    const told: Array<unknown> = []
    world.store.collects.subscribe((change) => told.push(change))
    await detail.open(52031)
    const pending = detail.collect()
    expect([detail.artwork?.is_collected, detail.artwork?.stat.favorite_count, detail.collecting]).toEqual([true, 4, true])
    await pending
    expect([detail.artwork?.is_collected, detail.artwork?.stat.favorite_count]).toEqual([true, 8])
    expect(world.toasts()).toContain("success:已收藏")
    await detail.collect()
    expect([detail.artwork?.is_collected, detail.artwork?.stat.favorite_count]).toEqual([false, 7])
    expect(told).toEqual([{ artworkId: 52031, is_collected: true }, { artworkId: 52031, is_collected: false }])
    expect(world.calls(COLLECT).map((call) => (call.body as { value: unknown }).value)).toEqual([
      { target_id: 52031, target_type: "artwork", action: "collect" },
      { target_id: 52031, target_type: "artwork", action: "uncollect" }
    ])
  })

  it("a refused 收藏 goes back to how it was, with the error toast; nothing is told", async () => {
    const { detail, world } = await openWorld(sd, { answers: { [COLLECT]: () => envelope(1003, null, "操作太频繁") } })
    const told: Array<unknown> = []
    world.store.collects.subscribe((change) => told.push(change))
    await detail.open(52031)
    await detail.collect()
    expect([detail.artwork?.is_collected, detail.artwork?.stat.favorite_count, detail.collecting]).toEqual([false, 3, false])
    expect(world.toasts()).toContain("error:操作太频繁")
    expect(told).toEqual([])
  })

  it("a visitor's 收藏 asks for the login; no call", async () => {
    const { detail, world } = await openWorld(sd, { visitor: true })
    await detail.open(52031)
    await detail.collect()
    expect([detail.loginPrompt, detail.artwork?.is_collected, world.calls(COLLECT).length]).toEqual([true, false, 0])
  })

  it("SD12 an assistant's drawing offers its prompt to /intelligent and /webui; without a prompt nothing", async () => {
    const { detail } = await openWorld({ ...agent, parameters: { ...agent.parameters, prompt: "樱花树下看书的橘猫" } })
    await detail.open(52034)
    const query = encodeURIComponent("樱花树下看书的橘猫")
    expect(detail.continuation).toEqual({ prompt: "樱花树下看书的橘猫", intelligent: `/intelligent?prompt=${query}`, webui: `/webui?prompt_for_paste=${query}` })
  })

  it("SD12 an assistant's drawing without a prompt (an older row) offers nothing", async () => {
    const { detail } = await openWorld(agent)
    await detail.open(52034)
    expect(detail.continuation).toBeNull()
  })

  it("SD12 a work of another type has no continuation", async () => {
    const { detail } = await openWorld(quickMj)
    await detail.open(52033)
    expect(detail.continuation).toBeNull()
  })
})

describe("ArtworkDetailStore: model cards (GET models/info, POST sd/models/add)", () => {
  it("a chip opens its card; adding marks it added with a toast", async () => {
    const { detail, world } = await openWorld(sd, {
      answers: { [MODEL_INFO]: () => envelope(0, modelCard), [ADD_MODEL]: () => envelope(0, { success: true }) }
    })
    await detail.open(52031)
    await detail.openModel({ name: "国风水墨 v3", type: "Checkpoint" })
    expect(world.calls(MODEL_INFO)[0]?.query).toEqual({ name: "国风水墨 v3", type: "Checkpoint" })
    expect(detail.model).toMatchObject({ status: "ready", info: { id: 3101, is_added: false } })
    await detail.addModel()
    expect(world.calls(ADD_MODEL)[0]?.body).toMatchObject({ value: { model_id: 3101 } })
    expect(detail.model?.info?.is_added).toBe(true)
    expect(world.toasts()).toEqual([`success:${MODEL_ADDED_TEXT}`])
    detail.closeModel()
    expect(detail.model).toBeNull()
  })

  it("a visitor adding a model gets the login prompt; no call", async () => {
    const { detail, world } = await openWorld(sd, { visitor: true, answers: { [MODEL_INFO]: () => envelope(0, modelCard) } })
    await detail.open(52031)
    await detail.openModel({ name: "国风水墨 v3", type: "Checkpoint" })
    await detail.addModel()
    expect(detail.loginPrompt).toBe(true)
    expect(world.calls(ADD_MODEL)).toHaveLength(0)
  })
})
