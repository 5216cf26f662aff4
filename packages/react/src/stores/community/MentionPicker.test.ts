import type { HttpResponse } from "@mido/core"
import { envelope } from "@mido/core/testing"
import { Effect } from "effect"
import { afterEach, describe, expect, it, vi } from "vitest"
import { startupAnswers } from "../../../test/fixtures.js"
import { followUser } from "../../../test/personalFixtures.js"
import { loggedIn, makeWorld, settle, type World } from "../../../test/world.js"

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const FOLLOW_LIST = "/api/v1/user/follow/list"
const named = (uid: number, nickname: string) => ({ ...followUser(uid, false), nickname })

const open = async (followees: () => HttpResponse | Effect.Effect<HttpResponse>, stored: Readonly<Record<string, string>> = loggedIn()) => {
  world = makeWorld({ answers: { ...startupAnswers, [FOLLOW_LIST]: followees }, stored })
  await world.boot()
  return { world, mentions: (await world.store.communityStore()).mentions }
}

describe("MentionPicker (MN2–MN4: the @ list of the comment box)", () => {
  it("offers the people I follow as I type after @, moves with ↑ / ↓, and picks one into the text", async () => {
    const { world, mentions } = await open(() => envelope(0, { list: [named(41, "小明"), named(42, "阿花"), named(43, "明月")], total: 3 }))
    mentions.track("好看", 2)
    await settle()
    expect(world.calls(FOLLOW_LIST)).toHaveLength(0)
    expect(mentions.isOpen).toBe(false)

    mentions.track("好看 @", 4)
    // the people calls arrive with their own chunk the first time
    await vi.waitFor(() => expect(mentions.candidates).not.toBeNull())
    expect(world.calls(FOLLOW_LIST)[0]?.query).toMatchObject({ uid: "20001", type: "followee", page: "1", size: "50" })
    expect(mentions.suggestions.map((person) => person.nickname)).toEqual(["小明", "阿花", "明月"])

    mentions.track("好看 @明", 5)
    expect(mentions.suggestions.map((person) => person.nickname)).toEqual(["明月", "小明"])
    mentions.move(1)
    mentions.move(1)
    expect(mentions.highlighted).toBe(0)
    mentions.move(-1)
    expect(mentions.pick("好看 @明", 5)).toEqual({ text: "好看 @小明 ", caret: 7 })
    expect(mentions.isOpen).toBe(false)

    // one fetch per viewer, whatever is typed after
    mentions.track("好看 @小明 @", 8)
    await settle()
    expect(world.calls(FOLLOW_LIST)).toHaveLength(1)
    expect(mentions.isOpen).toBe(true)
  })

  it("Esc closes the list for that @ only; nobody matching closes it; a failed fetch offers nobody", async () => {
    const { mentions } = await open(() => envelope(0, { list: [named(41, "小明")], total: 1 }))
    mentions.track("@小", 2)
    await vi.waitFor(() => expect(mentions.candidates).not.toBeNull())
    expect(mentions.isOpen).toBe(true)
    mentions.dismiss()
    expect(mentions.isOpen).toBe(false)
    mentions.track("@小明", 3)
    expect(mentions.isOpen).toBe(false)
    mentions.track("@小明 @", 5)
    expect(mentions.isOpen).toBe(true)
    mentions.track("@小明 @没有这个人", 10)
    expect(mentions.isOpen).toBe(false)
    expect(mentions.pick("@小明 @没有这个人", 10)).toBeUndefined()

    await world?.dispose()
    const failing = await open(() => envelope(500, null, "服务繁忙"))
    failing.mentions.track("@", 1)
    await vi.waitFor(() => expect(failing.mentions.candidates).not.toBeNull())
    expect(failing.mentions.isOpen).toBe(false)
    expect(failing.mentions.candidates).toEqual([])
  })

  it("an answer that arrives after a reset (a logout, another box) is dropped", async () => {
    let answer: (() => void) | undefined
    const { mentions } = await open(() => Effect.async<HttpResponse>((resume) => {
      answer = () => resume(Effect.succeed(envelope(0, { list: [named(41, "小明")], total: 1 })))
    }))
    mentions.track("@", 1)
    await vi.waitFor(() => expect(answer).toBeDefined())
    mentions.reset()
    answer!()
    await settle()
    expect(mentions.candidates).toBeNull()
  })

  it("a visitor is offered nobody and nothing is fetched", async () => {
    const { world, mentions } = await open(() => envelope(0, { list: [named(41, "小明")], total: 1 }), {})
    mentions.track("@", 1)
    await settle()
    expect(world.calls(FOLLOW_LIST)).toHaveLength(0)
    expect(mentions.isOpen).toBe(false)
  })
})
