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
 * login) and answers the token; the account is created on first use.
 */
export const loginByApi = async (phone = newPhone()): Promise<LoggedIn> => {
  await callApi("/api/v1/open/base/captcha", { query: { phone } })
  const captcha_code = await captchaAnswer(phone)
  await callApi("/api/v1/open/base/send_verify_sms", { json: { phone, captcha_code } })
  const code = await lastSmsCode(phone, "login")
  const { token } = await callApi<{ token: string }>("/api/v1/open/base/login", { json: { phone, code } })
  return { phone, token, nickname: `米豆用户${phone.slice(-4)}` }
}

let shared: Promise<LoggedIn> | undefined

/**
 * One account per test file for the quick login: every SMS send counts against the per-IP limit of
 * 20 an hour (R2), and all sends of a run come from 127.0.0.1. Tests that log out or change the
 * account ask for `fresh: true` (logging out ends the token's session on the server).
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
