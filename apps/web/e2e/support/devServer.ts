import { randomInt } from "node:crypto"
import { baseUrl } from "./browser"

/** The server's envelope (spec §7): code 0 is success. */
interface Envelope<T> {
  readonly code: number
  readonly msg: string
  readonly data: T
}

/** A phone no other test of the run uses (per-phone SMS limits, R2); never a demo account's 1380000xxxx. */
export const newPhone = (): string => `166${String(randomInt(0, 100_000_000)).padStart(8, "0")}`

/** Calls the server like the app does and answers `data`; a non-zero code throws with the server's msg. */
export const callApi = async <T>(path: string, init: { method?: "GET" | "POST"; query?: Record<string, string>; json?: unknown; token?: string; headers?: Record<string, string>; base?: string } = {}): Promise<T> => {
  // `base`: another server than the run's (a file's own extra server)
  const url = new URL(path, init.base ?? baseUrl())
  for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, value)
  const response = await fetch(url, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers: {
      ...(init.json === undefined ? {} : { "Content-Type": "application/json" }),
      ...(init.token === undefined ? {} : { Authorization: `Bearer ${init.token}` }),
      ...init.headers
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json)
  })
  const body = (await response.json()) as Envelope<T>
  if (body.code !== 0) throw new Error(`${path} answered ${body.code} ${body.msg}`)
  return body.data
}

/** Polls a dev endpoint until it has something (the page asks the server in its own time). */
const pollDev = async <T>(path: string, query: Record<string, string>, accept: (data: T) => boolean = () => true, timeoutMs = 10_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs
  let last = ""
  while (Date.now() < deadline) {
    try {
      const data = await callApi<T>(path, { query })
      if (accept(data)) return data
      last = JSON.stringify(data)
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 200))
  }
  throw new Error(`${path}?${new URLSearchParams(query)} had nothing after ${timeoutMs} ms (last: ${last})`)
}

/** The answer of the picture captcha last issued for `phone` (development endpoint). */
export const captchaAnswer = async (phone: string): Promise<string> =>
  (await pollDev<{ answer: string }>("/api/dev/captcha", { phone })).answer

export interface SentSms {
  readonly code: string
  readonly purpose: string
}

/** The last SMS code sent to `phone` (development sink); `purpose` waits for a code of that kind. */
export const lastSmsCode = async (phone: string, purpose?: string): Promise<string> =>
  (await pollDev<SentSms>("/api/dev/sms", { phone }, (sent) => purpose === undefined || sent.purpose === purpose)).code

/** Sets one app_config value as an operator would (development endpoint); answers the value it replaced. */
export const setAppConfig = async (key: string, value: string): Promise<string> => {
  const { list } = await callApi<{ list: ReadonlyArray<{ key: string; value: ReadonlyArray<string> }> }>("/api/v1/open/config/app_config")
  await callApi("/api/dev/config", { json: { key, value } })
  return list.find((entry) => entry.key === key)?.value[0] ?? ""
}
