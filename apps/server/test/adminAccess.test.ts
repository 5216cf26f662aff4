import { type AdminRole, allAdminRoutes } from "@mido/core/admin"
import { eq, sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { users } from "../src/db/schema/users.js"
import { grantRole, listRoles, revokeRole } from "../src/features/admin/roleGrants.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { testUsers } from "./testUsers.js"

// The operator console's gate (issue 29, ADR 0023): every admin route of @mido/core/admin refuses a
// visitor (-401) and an account without the route's role (403 无权访问) before reading any input; roles
// come from user_roles per request and are granted from the terminal only; admin_audit is append-only.

let server: TestServer
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1372901", nickname: "后台门禁", inviteCodePrefix: "ADA", nidPrefix: "2901" })

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

/** Calls a route with no input: the gate answers before the input is read. */
const call = (route: { method: "GET" | "POST"; path: string }, token?: string) => server.request(route.method, route.path, route.method === "POST" ? {} : undefined, token)

const withRole = async (role: AdminRole) => {
  const user = await newUser()
  const [row] = await server.deps.db.select({ phone: users.phone }).from(users).where(eq(users.uid, user.uid))
  const phone = row?.phone ?? ""
  expect((await grantRole(server.deps.db, phone, role, new Date())).ok).toBe(true)
  return { ...user, phone }
}

describe("every admin route refuses visitors and plain users", () => {
  const routes = allAdminRoutes()

  it("walks the whole AdminApi table (the routes each area adds are covered too)", () => {
    expect(routes.length).toBeGreaterThanOrEqual(2)
    for (const route of routes) expect(route.path.startsWith("/api/v1/admin/")).toBe(true)
  })

  it("a visitor gets -401 from every admin route", async () => {
    for (const route of routes) expect({ route: route.name, code: (await call(route)).code }).toEqual({ route: route.name, code: -401 })
  })

  it("a plain user gets 403 无权访问 from every admin route, and no data", async () => {
    const plain = await newUser()
    for (const route of routes) {
      const answer = await call(route, plain.token)
      expect({ route: route.name, code: answer.code, msg: answer.msg, data: answer.data }).toEqual({ route: route.name, code: 403, msg: "无权访问", data: null })
    }
  })

  it("a reviewer passes only the routes a reviewer may call", async () => {
    const reviewer = await withRole("reviewer")
    for (const route of routes) {
      const answer = await call(route, reviewer.token)
      if (route.role === "reviewer") expect({ route: route.name, code: answer.code }).not.toEqual({ route: route.name, code: 403 })
      else expect({ route: route.name, code: answer.code }).toEqual({ route: route.name, code: 403 })
    }
  })
})

describe("roles: granted from the terminal, read per request", () => {
  it("admin/me names the role; a revoke takes effect on the next call without a logout", async () => {
    const operator = await withRole("operator")
    const me = await server.request("GET", "/api/v1/admin/me", undefined, operator.token)
    expect(me).toMatchObject({ code: 0, data: { uid: operator.uid, role: "operator" } })
    expect(await revokeRole(server.deps.db, operator.phone, new Date())).toMatchObject({ ok: true, before: "operator" })
    expect((await server.request("GET", "/api/v1/admin/me", undefined, operator.token)).code).toBe(403)
  })

  it("a grant to an unknown phone is refused in Chinese; list shows the holders", async () => {
    expect(await grantRole(server.deps.db, "13729019999", "admin", new Date())).toMatchObject({ ok: false, reason: expect.stringContaining("没有手机号") })
    const admin = await withRole("admin")
    expect((await listRoles(server.deps.db)).map((holder) => holder.uid)).toContain(admin.uid)
  })
})

describe("the audit log", () => {
  it("records grants and revokes, lists them newest first, and refuses UPDATE and DELETE", async () => {
    const admin = await withRole("admin")
    const target = await withRole("reviewer")
    await revokeRole(server.deps.db, target.phone, new Date())
    const page = await server.request("GET", `/api/v1/admin/audit/list?page=1&size=5&target_id=${target.uid}`, undefined, admin.token)
    expect(page.code).toBe(0)
    const { list, total } = page.data as { list: Array<{ action: string; actor_nickname: string; before: unknown; after: unknown }>; total: number }
    expect(total).toBe(2)
    expect(list.map((row) => row.action)).toEqual(["role.revoke", "role.grant"])
    expect(list[0]).toMatchObject({ actor_nickname: "终端", before: { role: "reviewer" }, after: { role: null } })
    await expect(server.deps.db.execute(sql`update admin_audit set action = 'x'`)).rejects.toThrow()
    await expect(server.deps.db.execute(sql`delete from admin_audit`)).rejects.toThrow()
    expect((await server.request("GET", `/api/v1/admin/audit/list?target_id=${target.uid}`, undefined, admin.token)).data).toMatchObject({ total: 2 })
  })
})
