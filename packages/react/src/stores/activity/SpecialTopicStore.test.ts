import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it, vi } from "vitest"
import { startupAnswers } from "../../../test/fixtures.js"
import { card } from "../../../test/personalFixtures.js"
import { makeWorld, type World } from "../../../test/world.js"

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const DETAIL = "/api/v1/open/community/special_topic/detail"
const topic = { id: 4, key: "cyber-night", title: "霓虹之夜", cover: "https://cdn.example/t.png", description: "雨夜\n霓虹", item_count: 30, created_at: 1795000000 }

const open = async () => {
  world = makeWorld({
    answers: {
      ...startupAnswers,
      [DETAIL]: (request) => {
        if (request.query?.key !== topic.key) return envelope(404, null, "专题不存在或已下线")
        const page = Number(request.query.page)
        const list = Array.from({ length: page === 1 ? 24 : 6 }, (_, index) => ({ kind: "artwork", artwork: card(page * 100 + index) }))
        return envelope(0, { topic, list, total: 30 })
      }
    }
  })
  await world.boot()
  return { world, topics: await world.store.specialTopicStore() }
}

describe("SpecialTopicStore: /community/special-topic, /activity/special-feature/{key}", () => {
  it("opens a topic: the topic arrives with its first page of works, the next page on demand", async () => {
    const { world, topics } = await open()
    topics.open("cyber-night")
    await vi.waitFor(() => expect(topics.status).toBe("ready"))
    expect(topics.topic?.title).toBe("霓虹之夜")
    expect(topics.items.items).toHaveLength(24)
    await topics.items.loadMore()
    expect(topics.items.items).toHaveLength(30)
    expect(topics.items.isEnd).toBe(true)
    expect(world.calls(DETAIL)).toHaveLength(2)
  })

  it("an unknown topic shows the server's words", async () => {
    const { topics } = await open()
    topics.open("nope")
    await vi.waitFor(() => expect(topics.status).toBe("missing"))
    expect(topics.problem).toBe("专题不存在或已下线")
  })
})
