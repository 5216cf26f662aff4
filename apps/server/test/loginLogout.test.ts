import { allRoutes } from "@mido/core/contract"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { issueToken } from "../src/platform/tokens.js"
import { loginByPhone, type LoginTestServer, Paths, startLoginServer } from "./loginHelpers.js"
import { testUsers } from "./testUsers.js"

/**
 * R7 (ASVS 7.4.1): logout ends the session on the server, not only in the browser. POST
 * /api/v1/base/logout ends this token's session, /api/v1/base/logout_all every session of the user
 * ("log out everywhere"); a revoked token then answers -401 on every login route (R9 logs the app out).
 */
let server: LoginTestServer
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1390088", nickname: "退出用户", inviteCodePrefix: "LO", nidPrefix: "888" })

beforeAll(async () => {
  server = await startLoginServer()
})
afterAll(() => server.stop())

const LOGOUT = "/api/v1/base/logout"
const LOGOUT_ALL = "/api/v1/base/logout_all"
const info = (token: string) => server.call("GET", Paths.userInfo, undefined, { token })
const anotherSession = (uid: number) => issueToken(server.deps.db, uid, new Date())

describe("logout ends the session on the server (R7)", () => {
  it("after a logout the token answers -401; the user's other sessions live on", async () => {
    const phone = "13900889901"
    const { token } = await loginByPhone(server, phone)
    const other = (await loginByPhone(server, phone)).token
    expect((await info(token)).code).toBe(0)
    expect(await server.call("POST", LOGOUT, {}, { token })).toMatchObject({ code: 0, data: { revoked: 1 } })
    expect(await info(token)).toMatchObject({ code: -401, msg: "请先登录" })
    // logging out again with the dead token is a -401 too (the app then forgets it, R9)
    expect((await server.call("POST", LOGOUT, {}, { token })).code).toBe(-401)
    expect((await info(other)).code).toBe(0)
  })

  it("a revoked token answers -401 on every login-required route of the contract and on the task event stream", async () => {
    const user = await newUser()
    expect((await server.call("POST", LOGOUT, {}, { token: user.token })).code).toBe(0)
    const required = allRoutes.filter((route) => route.auth === "required")
    expect(required.length).toBeGreaterThan(50)
    const answers = await Promise.all(required.map(async (route) => {
      const answer = await server.call(route.method, route.path.replace(/:(\w+)/g, "1"), route.method === "GET" ? undefined : {}, { token: user.token })
      return [route.name, answer.code] as const
    }))
    expect(answers.filter(([, code]) => code !== -401)).toEqual([])
    expect((await server.call("GET", "/api/v2/task/events", { id: "00000000-0000-4000-8000-000000000000" }, { token: user.token })).code).toBe(-401)
  })

  it("log out everywhere ends every session of the user, this one included, and no one else's", async () => {
    const user = await newUser()
    const stranger = await newUser()
    const sessions = [user.token, await anotherSession(user.uid), await anotherSession(user.uid)]
    // every device has just been seen: their sessions are kept in this process's session cache, which the logout must clear
    for (const token of sessions) expect((await info(token)).code).toBe(0)
    expect(await server.call("POST", LOGOUT_ALL, {}, { token: sessions[1]! })).toMatchObject({ code: 0, data: { revoked: 3 } })
    for (const token of sessions) expect((await info(token)).code).toBe(-401)
    expect((await info(stranger.token)).code).toBe(0)
  })

  it("without a live token both answer -401 and end nothing", async () => {
    const user = await newUser()
    expect((await server.call("POST", LOGOUT, {})).code).toBe(-401)
    expect((await server.call("POST", LOGOUT_ALL, {}, { token: "forged-token-0123456789abcdef" })).code).toBe(-401)
    expect((await info(user.token)).code).toBe(0)
  })

  it("takes no fields (R12)", async () => {
    const user = await newUser()
    expect((await server.call("POST", LOGOUT, { uid: 1 }, { token: user.token })).code).toBe(400)
    expect((await info(user.token)).code).toBe(0)
  })

  it("logs the logout with the uid, never the token", async () => {
    const user = await newUser()
    await server.call("POST", LOGOUT_ALL, {}, { token: user.token })
    const line = server.logs.find((entry) => entry.includes('"logout"') && entry.includes(`"uid":${user.uid}`))
    expect(line).toBeDefined()
    expect(line).toContain('"everywhere":true')
    expect(server.logs.join("\n")).not.toContain(user.token)
  })
})
