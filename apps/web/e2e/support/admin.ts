import type { AdminRole } from "@mido/core/admin"
import type { Page } from "playwright-core"
import { callApi } from "./devServer"
import { type LoggedIn, loginByApi } from "./session"

/**
 * Grants `role` to `account` the way the server's terminal command does (`npm run admin -- grant`),
 * through the development-only /api/dev/admin/grant (absent in production): a second process cannot
 * open the e2e server's PGlite directory.
 */
export const grantRole = async (account: LoggedIn, role: AdminRole): Promise<void> => {
  await callApi("/api/dev/admin/grant", { json: { phone: account.phone, role } })
}

/**
 * A fresh account with `role` (default operator), logged in through `?token=` on /admin (or `path`
 * under it), with the console's nav showing. Share one per test file: `beforeAll` it.
 */
export const loginAsAdmin = async (page: Page, role: AdminRole = "operator", path = "/admin"): Promise<LoggedIn> => {
  const account = await loginByApi()
  await grantRole(account, role)
  await openAdmin(page, account, path)
  return account
}

/** Opens the console as `account` (its token through `?token=`), waiting for the console's nav. */
export const openAdmin = async (page: Page, account: LoggedIn, path = "/admin"): Promise<void> => {
  const separator = path.includes("?") ? "&" : "?"
  await page.goto(`${path}${separator}token=${encodeURIComponent(account.token)}`)
  // /admin itself moves on to the first page the role may open
  const pathname = path.split("?")[0] ?? path
  await page.waitForURL((url) => url.pathname.startsWith(pathname) && !url.searchParams.has("token"), { timeout: 10_000 })
  await page.getByRole("navigation", { name: "后台导航" }).waitFor()
}
