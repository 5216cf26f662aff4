import { describe, expect, it } from "vitest"
import { etagOf, makeAnswerCache, matchesEtag } from "./answerCache.js"

// Issue 18, "The public feed, cached": the shared answer cache under the feed (docs/deploy.md).

const clock = () => {
  let at = 1_000
  return { now: () => at, move: (ms: number) => void (at += ms) }
}

/** A fill that counts its calls and answers "<name>#<n>". */
const counted = (name: string) => {
  let calls = 0
  const fill = async () => `${name}#${++calls}`
  return { fill, calls: () => calls }
}

/** A fill that waits until released, so a test can act while it is in flight. */
const held = (body: string) => {
  let release: (value: string) => void = () => {}
  let fail: (error: Error) => void = () => {}
  const promise = new Promise<string>((resolve, reject) => {
    release = resolve
    fail = reject
  })
  return { fill: () => promise, release: () => release(body), fail: (error: Error) => fail(error) }
}

describe("makeAnswerCache", () => {
  it("keeps a fill's data beside its text, the same value for every reader (ADR 0027: members build on it)", async () => {
    const cache = makeAnswerCache({ ttlMs: 5_000, now: clock().now })
    const data = { list: [{ id: 1, is_like: false }] }
    let calls = 0
    const fill = async () => ({ body: `page#${++calls}`, data })
    const first = await cache.answer("k", fill)
    const again = await cache.answer("k", fill)
    expect(first).toMatchObject({ body: "page#1", etag: etagOf("page#1") })
    expect(again.data).toBe(data)
    expect(calls).toBe(1)
    // text-only fills keep no data; with the cache off the data is handed through each time
    expect((await cache.answer("text", async () => "only text")).data).toBeUndefined()
    expect((await makeAnswerCache({ ttlMs: 0 }).answer("k", fill)).data).toBe(data)
  })

  it("keeps an answer for ttlMs from the start of its fill, then reads again (stats lag at most the ttl)", async () => {
    const time = clock()
    const cache = makeAnswerCache({ ttlMs: 5_000, now: time.now })
    const page = counted("page")
    expect((await cache.answer("k", page.fill)).body).toBe("page#1")
    time.move(4_999)
    expect((await cache.answer("k", page.fill)).body).toBe("page#1")
    time.move(1)
    expect((await cache.answer("k", page.fill)).body).toBe("page#2")
    expect(page.calls()).toBe(2)
  })

  it("keys are independent", async () => {
    const cache = makeAnswerCache({ ttlMs: 5_000 })
    expect((await cache.answer("a", async () => "A")).body).toBe("A")
    expect((await cache.answer("b", async () => "B")).body).toBe("B")
    expect((await cache.answer("a", async () => "other")).body).toBe("A")
  })

  it("concurrent misses of one key share one fill (no stampede)", async () => {
    const cache = makeAnswerCache({ ttlMs: 5_000 })
    const slow = held("shared")
    let calls = 0
    const fill = () => {
      calls++
      return slow.fill()
    }
    const answers = Array.from({ length: 10 }, () => cache.answer("k", fill))
    slow.release()
    expect((await Promise.all(answers)).map((answer) => answer.body)).toEqual(Array(10).fill("shared"))
    expect(calls).toBe(1)
  })

  it("invalidate drops every kept answer", async () => {
    const cache = makeAnswerCache({ ttlMs: 5_000 })
    const page = counted("page")
    await cache.answer("a", page.fill)
    await cache.answer("b", page.fill)
    expect(cache.size()).toBe(2)
    cache.invalidate()
    expect(cache.size()).toBe(0)
    expect((await cache.answer("a", page.fill)).body).toBe("page#3")
  })

  it("a fill in flight when an invalidation comes is answered but not kept, and later callers do not join it", async () => {
    const cache = makeAnswerCache({ ttlMs: 5_000 })
    const before = held("read before the write")
    const early = cache.answer("k", before.fill)
    cache.invalidate()
    const late = cache.answer("k", async () => "read after the write")
    before.release()
    expect((await early).body).toBe("read before the write")
    expect((await late).body).toBe("read after the write")
    expect((await cache.answer("k", async () => "unused")).body).toBe("read after the write")
  })

  it("a failed fill is not kept: every waiter sees the error and the next call reads again", async () => {
    const cache = makeAnswerCache({ ttlMs: 5_000 })
    const failing = held("")
    const first = cache.answer("k", failing.fill)
    const second = cache.answer("k", failing.fill)
    failing.fail(new Error("分页参数无效"))
    await expect(first).rejects.toThrow("分页参数无效")
    await expect(second).rejects.toThrow("分页参数无效")
    expect(cache.size()).toBe(0)
    expect((await cache.answer("k", async () => "ok")).body).toBe("ok")
  })

  it("keeps at most maxEntries, dropping the oldest", async () => {
    const cache = makeAnswerCache({ ttlMs: 5_000, maxEntries: 3 })
    for (const key of ["a", "b", "c", "d"]) await cache.answer(key, async () => key)
    expect(cache.size()).toBe(3)
    expect((await cache.answer("a", async () => "a again")).body).toBe("a again")
    expect((await cache.answer("d", async () => "unused")).body).toBe("d")
  })

  it("ttlMs 0 turns it off: every call fills, nothing is kept", async () => {
    const cache = makeAnswerCache({ ttlMs: 0 })
    const page = counted("page")
    await cache.answer("k", page.fill)
    expect((await cache.answer("k", page.fill)).body).toBe("page#2")
    expect(cache.size()).toBe(0)
  })

  it("refuses a negative ttl", () => {
    expect(() => makeAnswerCache({ ttlMs: -1 })).toThrow("ttlMs")
  })

  it("the ETag is a strong tag of the bytes: same body, same tag; another body, another tag", async () => {
    const cache = makeAnswerCache({ ttlMs: 5_000 })
    const { etag } = await cache.answer("k", async () => '{"code":0}')
    expect(etag).toBe(etagOf('{"code":0}'))
    expect(etag).toMatch(/^"[\w-]{32}"$/)
    expect(etagOf('{"code":1}')).not.toBe(etag)
  })
})

describe("matchesEtag (RFC 9110 §13.1.2, weak comparison)", () => {
  const tag = '"abc"'
  it.each<[string, string | undefined, boolean]>([
    ["absent", undefined, false],
    ["the same tag", '"abc"', true],
    ["the weak form", 'W/"abc"', true],
    ["in a list", '"x", "abc"', true],
    ["a list without spaces", '"x","abc"', true],
    ["any", "*", true],
    ["another tag", '"abd"', false],
    ["unquoted", "abc", false],
    ["empty", "", false]
  ])("%s", (_name, header, expected) => {
    expect(matchesEtag(header, tag)).toBe(expected)
  })
})
