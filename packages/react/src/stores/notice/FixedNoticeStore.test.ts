import { StorageKeys } from "@mido/core"
import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it } from "vitest"
import { configList, SVG, user } from "../../../test/fixtures.js"
import { loggedIn, makeWorld, type World } from "../../../test/world.js"

const invited = { ...user, invite_user_id: 10086, invite_user_name: "画画的阿雪" }
const withQr = [...configList, { key: "config.wecom.promotion.qrcode", value: [SVG] }]

const worlds: Array<World> = []
const boot = async (options: { who?: object | null; config?: ReadonlyArray<object>; stored?: Record<string, string> } = {}) => {
  const who = options.who === undefined ? invited : options.who
  const world = makeWorld({
    stored: who === null ? options.stored ?? {} : { ...loggedIn({ [StorageKeys.user]: JSON.stringify(who) }), ...options.stored },
    answers: {
      "/api/v1/open/config/app_config": () => envelope(0, { list: options.config ?? withQr }),
      ...(who === null ? {} : { "/api/v1/user/info": () => envelope(0, who) })
    }
  })
  worlds.push(world)
  await world.boot()
  return { world, notice: await world.store.fixedNoticeStore() }
}
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.dispose()
})

describe("FixedNoticeStore (spec §2, §4)", () => {
  it("an invited user sees the gift button with two pending cards: the WeCom QR, then the inviter's discount", async () => {
    const { notice } = await boot()
    expect(notice.visible).toBe(true)
    expect(notice.badgeText).toBe("2")
    expect(notice.messages.map((message) => [message.id, message.variant])).toEqual([[1, 1], [2, 2]])
    expect(notice.wecomQrcode).toBe(SVG)
    expect(notice.inviterName).toBe("画画的阿雪")
    expect(notice.detailsPath).toBe("/invited?code=MD8K2Q")
  })

  it("a visitor and a user nobody invited see nothing", async () => {
    expect((await boot({ who: null })).notice.visible).toBe(false)
    expect((await boot({ who: user })).notice.visible).toBe(false)
  })

  it("opening the panel marks the cards read for good: the badge goes, on this device after a reload too", async () => {
    const { world, notice } = await boot()
    notice.togglePanel()
    expect(notice.panelOpen).toBe(true)
    expect(notice.badgeText).toBe("")
    expect(world.kv.entries.get(StorageKeys.readFixedMessage)).toBe("true")
    const again = await boot({ stored: { [StorageKeys.readFixedMessage]: "true" } })
    expect(again.notice.badgeText).toBe("")
    expect(again.notice.messages).toHaveLength(2)
  })

  it("a card opens its dialog and hides the cards; a click outside hides them too; a logout closes all", async () => {
    const { world, notice } = await boot()
    notice.togglePanel()
    notice.openDialog(notice.messages[1]!)
    expect(notice.dialog?.variant).toBe(2)
    expect(notice.panelOpen).toBe(false)
    notice.closeDialog()
    notice.togglePanel()
    notice.hidePanel()
    expect(notice.panelOpen).toBe(false)
    notice.togglePanel()
    notice.openDialog(notice.messages[0]!)
    await world.store.session.logout()
    expect(notice.dialog).toBeNull()
    expect(notice.visible).toBe(false)
  })

  it("without a QR code in the config only the inviter's message (id 2) is there", async () => {
    const { notice } = await boot({ config: configList })
    expect(notice.messages.map((message) => message.id)).toEqual([2])
    expect(notice.badgeText).toBe("1")
  })
})
