import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { envelope } from "../adapters/MemoryHttp.js"
import type { HttpRequest, HttpResponse } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore, storedLogin } from "../testing/testCore.js"
import { type ActivitiesShape, makeActivitiesService } from "./Activities.js"

const SUBMIT = "/api/v1/community/activity/submit_work"

const setup = (answer: (request: HttpRequest) => HttpResponse | undefined = () => undefined) => {
  const core = makeTestCore(answer, storedLogin())
  const run = <A, E>(use: (activities: ActivitiesShape) => Effect.Effect<A, E>) => runTest(Effect.flatMap(makeActivitiesService, use).pipe(Effect.provide(core.layer)))
  return { ...core, run }
}
const bodyOf = (request: HttpRequest | undefined) => (request?.body?.kind === "json" ? request.body.value : undefined)

describe("Activities (the activity pages, issue 17)", () => {
  it("submit sends the activity, the artwork and the trimmed 创作说明", async () => {
    const { memory, run } = setup((request) => (request.url === SUBMIT ? envelope(409, null, "每个活动只能提交一件作品") : undefined))
    const result = await run((activities) => Effect.either(activities.submit(3, 17, "  江上龙舟 ")))
    expect(bodyOf(memory.requests[0])).toEqual({ activity_id: 3, artwork_id: 17, description: "江上龙舟" })
    expect(result._tag === "Left" && "msg" in result.left ? result.left.msg : undefined).toBe("每个活动只能提交一件作品")
  })

  it("a 创作说明 over 200 characters is refused before anything is sent", async () => {
    const { memory, run } = setup()
    const result = await run((activities) => Effect.either(activities.submit(3, 17, "龙".repeat(201))))
    expect(result._tag).toBe("Left")
    expect(memory.requests).toEqual([])
  })

  it("the list sends the status filter only when one is chosen", async () => {
    const { memory, run } = setup(() => envelope(0, { list: [], total: 0 }))
    await run((activities) => activities.list(undefined, 1, 12))
    await run((activities) => activities.list("ended", 2, 12))
    expect(memory.requests.map((request) => request.query)).toEqual([{ page: "1", size: "12" }, { status: "ended", page: "2", size: "12" }])
  })
})
