import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it } from "vitest"
import { startupAnswers, user } from "../../../test/fixtures.js"
import { card, profileOf } from "../../../test/personalFixtures.js"
import { loggedIn, makeWorld, settle, type World } from "../../../test/world.js"

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const COLLECT_LIST = "/api/v1/user/collect/list"

describe("PersonalStore: the 收藏 tab follows 收藏 in the detail (CollectChannel)", () => {
  it("a collect told by the detail reloads the viewer's own 收藏 tab; another user's page is left alone", async () => {
    let collected = [card(7)]
    world = makeWorld({
      stored: loggedIn(),
      answers: {
        ...startupAnswers,
        "/api/v1/open/user/profile": (request) => {
          const uid = Number(request.query?.uid)
          return envelope(0, profileOf(uid, uid === user.uid))
        },
        [COLLECT_LIST]: () => envelope(0, { list: collected, total: collected.length })
      }
    })
    await world.boot()
    const personal = await world.store.personalStore()
    await personal.open(undefined)
    personal.selectTab("collections")
    await settle()
    expect(personal.collections.items.map((work) => work.id)).toEqual([7])

    collected = [card(9), card(7)]
    world.store.collects.publish({ artworkId: 9, is_collected: true })
    await settle()
    expect(personal.collections.items.map((work) => work.id)).toEqual([9, 7])
    expect(world.calls(COLLECT_LIST)).toHaveLength(2)

    await personal.open(4242)
    await settle()
    world.store.collects.publish({ artworkId: 9, is_collected: false })
    await settle()
    expect(world.calls(COLLECT_LIST)).toHaveLength(2)
  })
})
