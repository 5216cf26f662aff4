import { StorageKeys } from "@mido/core"
import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it, vi } from "vitest"
import { member, startupAnswers } from "../../test/fixtures.js"
import { loggedIn, makeWorld, type World } from "../../test/world.js"
import { reminderOnScreen } from "./reminderOnScreen.js"

let world: World | undefined
const open = (options: Parameters<typeof makeWorld>[0]) => (world = makeWorld(options))
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const POINTS = "/api/v1/user/points"
const lowAndBusy = { ...startupAnswers, [POINTS]: () => envelope(0, { balance: 50, today_consumed: 600 }) }

describe("ReminderStore: due reminders after login and config (spec §4, RM1–RM6)", () => {
  it("shows the due types one after another and stamps each when it is shown (RM4)", async () => {
    const { store, boot, kv } = open({ answers: lowAndBusy, stored: loggedIn() })
    await boot()
    await vi.waitFor(() => expect(store.reminders.current).toBe(1))
    expect(reminderOnScreen(store.reminders, store.session)?.title).toBe("米豆余额不足")
    expect(reminderOnScreen(store.reminders, store.session)?.buttons.map((button) => button.label)).toEqual(["开通会员", "邀请好友得米豆"])
    await vi.waitFor(() => expect(Object.keys(JSON.parse(kv.entries.get(StorageKeys.remindersShown) ?? "{}"))).toEqual(["1"]))
    store.reminders.dismiss()
    expect(store.reminders.current).toBe(2)
    await vi.waitFor(() => expect(Object.keys(JSON.parse(kv.entries.get(StorageKeys.remindersShown) ?? "{}")).sort()).toEqual(["1", "2"]))
    store.reminders.dismiss()
    expect(store.reminders.current).toBeNull()
  })

  it("a user who arrives before the config (a first visit with a token only) is checked once the config has settled (RM5)", async () => {
    const { [StorageKeys.user]: _user, ...tokenOnly } = loggedIn()
    const { store, boot, calls } = open({ answers: lowAndBusy, stored: tokenOnly })
    await boot()
    await vi.waitFor(() => expect(store.reminders.current).toBe(1))
    expect(calls(POINTS).length).toBeGreaterThan(0)
  })

  it("a type shown within 24 hours is not shown again", async () => {
    const stamps = JSON.stringify({ 1: Date.now(), 2: Date.now() })
    const { store, boot, calls } = open({ answers: lowAndBusy, stored: loggedIn({ [StorageKeys.remindersShown]: stamps }) })
    await boot()
    await vi.waitFor(() => expect(calls(POINTS)).toHaveLength(1))
    expect(store.reminders.current).toBeNull()
  })

  it("members read the member wording (RM6)", async () => {
    const { store, boot } = open({
      answers: { ...lowAndBusy, "/api/v1/user/info": () => envelope(0, member) },
      stored: loggedIn({ [StorageKeys.user]: JSON.stringify(member) })
    })
    await boot()
    await vi.waitFor(() => expect(store.reminders.current).toBe(1))
    expect(reminderOnScreen(store.reminders, store.session)?.buttons[0]?.label).toBe("购买米豆")
  })

  it("nobody logged in: nothing is asked", async () => {
    const { store, boot, calls } = open({ answers: lowAndBusy })
    await boot()
    expect(await store.reminders.check()).toEqual([])
    expect(calls(POINTS)).toHaveLength(0)
  })

  it("a failed balance call shows the server's msg; -401 logs out without a toast", async () => {
    const failing = open({ answers: { ...startupAnswers, [POINTS]: () => envelope(5004, null, "余额查询失败") }, stored: loggedIn() })
    await failing.boot()
    await vi.waitFor(() => expect(failing.toasts()).toEqual(["error:余额查询失败"]))
    expect(failing.store.reminders.current).toBeNull()
    await failing.dispose()

    const refused = open({ answers: { ...startupAnswers, [POINTS]: () => envelope(-401, null, "请先登录") }, stored: loggedIn() })
    await refused.boot()
    await vi.waitFor(() => expect(refused.store.session.isLoggedIn).toBe(false))
    expect(refused.toasts()).toEqual([])
    expect(refused.unauthorized).toHaveBeenCalledTimes(1)
  })
})
