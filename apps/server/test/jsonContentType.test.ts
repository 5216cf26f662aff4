import type { AnyRoute } from "@mido/core"
import { allAdminRoutes } from "@mido/core/admin"
import { allRoutes } from "@mido/core/contract"
import { routeExamples } from "@mido/core/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { NOT_JSON_MESSAGE } from "../src/platform/jsonContentType.js"
import type { RunningServer } from "../src/server.js"
import { startServerWith, testConfig } from "./testServer.js"
import { testUsers } from "./testUsers.js"

/**
 * R12: every POST route of the contract that takes a JSON body answers 415 with the envelope when the
 * body is not declared JSON, before the login check or any read. The table is the contract's own
 * route list, so a route added later is covered without touching this file; the body is the route's
 * valid example, so the content type is the only thing wrong.
 */
let server: RunningServer

beforeAll(async () => {
  server = await startServerWith(testConfig())
})
afterAll(() => server.stop())

const jsonPostRoutes = allRoutes.filter((route) => route.method === "POST" && route.encoding === "json")
const adminJsonPostRoutes = allAdminRoutes().filter((route) => route.method === "POST" && route.encoding === "json")
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1372503", nickname: "格式检查", inviteCodePrefix: "JCT", nidPrefix: "2503" })
const multipartRoutes = allRoutes.filter((route) => route.encoding === "multipart")

const exampleBody = (route: AnyRoute): string => {
  const [group, short] = route.name.split(".") as [keyof typeof routeExamples, string]
  return JSON.stringify((routeExamples[group] as Record<string, { input: unknown }>)[short]!.input ?? {})
}

/** `undefined`: no Content-Type header at all (bytes as the body, which fetch sends untyped). */
const wrongTypes: ReadonlyArray<readonly [label: string, contentType: string | undefined]> = [
  ["missing", undefined],
  ["text/plain", "text/plain;charset=UTF-8"],
  ["a urlencoded form", "application/x-www-form-urlencoded"],
  ["multipart", "multipart/form-data; boundary=x"],
  ["empty", ""],
  ["json-like text", "text/json"]
]

const post = (route: AnyRoute, contentType: string | undefined, body: string, token?: string) =>
  fetch(`${server.url}${route.path}`, {
    method: "POST",
    headers: {
      source: "PC",
      ...(contentType === undefined ? {} : { "content-type": contentType }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` })
    },
    body: new TextEncoder().encode(body)
  })

describe("a JSON route takes application/json only (R12): 415 with the envelope", () => {
  it("the contract has JSON POST routes to check", () => {
    expect(jsonPostRoutes.length).toBeGreaterThan(40)
  })

  describe.each(jsonPostRoutes.map((route) => [route.path, route] as const))("%s", (_path, route) => {
    it.each(wrongTypes)("Content-Type %s → 415", async (_label, contentType) => {
      const response = await post(route, contentType, exampleBody(route))
      expect(response.status).toBe(415)
      expect(await response.json()).toEqual({ code: 415, msg: NOT_JSON_MESSAGE, data: null })
    })

    it("application/json with a charset, in any case, passes on to the route", async () => {
      const response = await post(route, "Application/JSON; charset=utf-8", exampleBody(route))
      expect(response.status).not.toBe(415)
      expect(((await response.json()) as { code: number }).code).not.toBe(415)
    })
  })

  it.each(multipartRoutes.map((route) => [route.path, route] as const))("the upload form %s still takes multipart", async (_path, route) => {
    const form = new FormData()
    form.set("file", new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" }))
    const response = await fetch(`${server.url}${route.path}`, { method: "POST", headers: { source: "PC" }, body: form })
    expect(response.status).not.toBe(415)
    expect(await response.json()).toMatchObject({ code: -401 })
  })
})

/**
 * The console's routes (@mido/core/admin) check login and role in their own middleware; the body's
 * type is checked before that too, so a visitor, a plain user and an operator all get the same 415
 * for a form post, and a JSON body goes on to the role check (-401 / 403 as before).
 */
describe("the admin routes take application/json only too (R12): 415 before the login and role check", () => {
  it("the admin table has JSON POST routes to check", () => {
    expect(adminJsonPostRoutes.length).toBeGreaterThan(5)
  })

  describe.each(adminJsonPostRoutes.map((route) => [route.path, route] as const))("%s", (_path, route) => {
    it.each(wrongTypes)("a visitor's Content-Type %s → 415", async (_label, contentType) => {
      const response = await post(route, contentType, "{}")
      expect(response.status).toBe(415)
      expect(await response.json()).toEqual({ code: 415, msg: NOT_JSON_MESSAGE, data: null })
    })

    it("a logged-in account without the role gets 415 for a form, 403 无权访问 for JSON; a visitor's JSON gets -401", async () => {
      const { token } = await newUser()
      const form = await post(route, "application/x-www-form-urlencoded", "{}", token)
      expect({ status: form.status, body: await form.json() }).toEqual({ status: 415, body: { code: 415, msg: NOT_JSON_MESSAGE, data: null } })
      const json = await post(route, "application/json", "{}", token)
      expect(await json.json()).toMatchObject({ code: 403, msg: "无权访问" })
      const visitor = await post(route, "application/json", "{}")
      expect(await visitor.json()).toMatchObject({ code: -401 })
    })
  })
})
