import type { Page } from "playwright-core"
import { waitForAddress } from "./browser"
import { callApi, captchaAnswer, lastSmsCode, newPhone } from "./devServer"

export interface LoggedIn {
  readonly phone: string
  readonly token: string
  /** The nickname a new account gets (米豆用户 + the phone's last 4 digits). */
  readonly nickname: string
}

/**
 * Logs a phone in through the API as the login page would (captcha, SMS code from the dev sink,
 * login) and answers the token; the account is created on first use, with the inviter of
 * `inviteCode` when one is given (spec §7 login payload).
 */
export const loginByApi = async (phone = newPhone(), inviteCode?: string): Promise<LoggedIn> => {
  const headers = { "X-Forwarded-For": clientAddressOf(phone) }
  await callApi("/api/v1/open/base/captcha", { query: { phone }, headers })
  const captcha_code = await captchaAnswer(phone)
  await callApi("/api/v1/open/base/send_verify_sms", { json: { phone, captcha_code }, headers })
  const code = await lastSmsCode(phone, "login")
  const json = inviteCode === undefined ? { phone, code } : { phone, code, invite_code: inviteCode }
  const { token } = await callApi<{ token: string }>("/api/v1/open/base/login", { json, headers })
  return { phone, token, nickname: `米豆用户${phone.slice(-4)}` }
}

/**
 * The address an account's SMS send comes from: each test account its own (the e2e server trusts
 * X-Forwarded-For), as each real user has theirs, so a run of many test files never meets the
 * per-IP limit of 20 sends an hour (R2) that no single user would.
 */
const clientAddressOf = (phone: string) => `10.${Number(phone.slice(-6, -4)) % 256}.${Number(phone.slice(-4, -2))}.${Number(phone.slice(-2))}`

let shared: Promise<LoggedIn> | undefined

/**
 * One account per test file for the quick login (fewer sends, quicker files). Tests that log out or
 * change the account ask for `fresh: true` (logging out ends the token's session on the server).
 */
export const sharedAccount = (): Promise<LoggedIn> => (shared ??= loginByApi())

/**
 * The quick login for tests that are about something else: a token from the API, handed to the app
 * through the `?token=` query (spec §2), landing on `path` (default /list) with the top bar showing
 * the user. The login page itself is covered by login.e2e.ts.
 */
export const login = async (page: Page, options: { path?: string; fresh?: boolean } = {}): Promise<LoggedIn> => {
  const account = options.fresh === true ? await loginByApi() : await sharedAccount()
  const path = options.path ?? "/list"
  const separator = path.includes("?") ? "&" : "?"
  await page.goto(`${path}${separator}token=${encodeURIComponent(account.token)}`)
  await waitForAddress(page, path)
  await page.getByRole("button", { name: account.nickname }).waitFor()
  return account
}
