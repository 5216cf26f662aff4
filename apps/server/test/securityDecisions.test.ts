import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { UPLOAD_MAX_BYTES } from "@mido/core/files"
import { describe, expect, it } from "vitest"
import { CAPTCHA_PER_IP_PER_MINUTE, CAPTCHA_TTL_SECONDS } from "../src/features/login/captcha.js"
import { COUPON_CHECKS_PER_MINUTE, COUPON_INVALID_PER_HOUR } from "../src/features/commerce/coupons.js"
import { INVITER_LOOKUPS_PER_MINUTE } from "../src/features/invites/invites.js"
import { IDEMPOTENCY_KEY_TTL_MS } from "../src/features/commerce/orderIdempotency.js"
import { ORDER_CREATES_PER_HOUR, ORDER_TTL_MS } from "../src/features/commerce/orders.js"
import { OSS_POLICY_TTL_MS } from "../src/features/files/ossPolicy.js"
import { QR_CREATE_PER_IP_PER_MINUTE, QR_POLL_WINDOW_SECONDS, QR_POLLS_PER_WINDOW, SMS_IP_LIMIT, SMS_PHONE_LIMITS } from "../src/features/login/rateLimits.js"
import { ORDER_CHECKS_PER_MINUTE } from "../src/features/commerce/rateWindows.js"
import { MAX_FAILURES_PER_PHONE_HOUR, MAX_WRONG_PER_CODE, PHONE_LOCK_WINDOW_SECONDS, SMS_CODE_TTL_SECONDS } from "../src/features/login/smsCodes.js"
import { DAILY_UPLOAD_QUOTA_BYTES } from "../src/features/files/storedFiles.js"
import { BIND_PHONE_TTL_SECONDS, QR_TTL_SECONDS } from "../src/features/login/wechatQr.js"
import { CHANGE_TICKET_TTL_SECONDS } from "../src/features/login/changePhoneRoutes.js"
import { UPLOAD_POLICIES_PER_HOUR } from "../src/features/files/fileRoutes.js"
import { MAX_OPEN_UPLOADS } from "../src/features/files/filesMultipart.js"
import { DOWNLOAD_LINK_TTL_SECONDS } from "../src/features/files/storageHandlers.js"
import { SESSION_DAYS } from "../src/platform/tokens.js"
import { COMMENTS_PER_HOUR } from "../src/features/community/communityComments.js"
import { GENERATION_SUBMITS_PER_HOUR } from "../src/features/generation/taskSubmit.js"
import { POSTS_PER_HOUR } from "../src/features/community/communityPosts.js"

/** R46: docs/security-decisions.md states the limits (R37) and lifetimes (R7) the code enforces. */
const docs = new URL("../../../docs/", import.meta.url).pathname
const decisions = readFileSync(join(docs, "security-decisions.md"), "utf8")

/** The rows of the first markdown table after `heading`, as records keyed by the header cells. */
const tableAfter = (markdown: string, heading: string): Array<Record<string, string>> => {
  const lines = markdown.split("\n")
  const start = lines.indexOf(heading)
  if (start < 0) throw new Error(`no heading ${heading}`)
  const first = lines.findIndex((line, index) => index > start && line.startsWith("|"))
  const end = lines.findIndex((line, index) => index > first && !line.startsWith("|"))
  const [header, , ...body] = lines.slice(first, end).map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim()))
  return body.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index] ?? ""])))
}

const constantName = (cell: string) => /^`([^`]+)`$/.exec(cell)?.[1] ?? cell
const whole = (cell: string) => (cell === "—" ? null : Number(cell))

// Windows not held in a constant are the ones the constant's name and its query state (…_PER_MINUTE: 60 s).
const limitsInCode: Record<string, { limit: number; windowSeconds: number | null }> = {
  "SMS_PHONE_LIMITS[0]": { limit: SMS_PHONE_LIMITS[0]!.max, windowSeconds: SMS_PHONE_LIMITS[0]!.windowSeconds },
  "SMS_PHONE_LIMITS[1]": { limit: SMS_PHONE_LIMITS[1]!.max, windowSeconds: SMS_PHONE_LIMITS[1]!.windowSeconds },
  "SMS_PHONE_LIMITS[2]": { limit: SMS_PHONE_LIMITS[2]!.max, windowSeconds: SMS_PHONE_LIMITS[2]!.windowSeconds },
  SMS_IP_LIMIT: { limit: SMS_IP_LIMIT.max, windowSeconds: SMS_IP_LIMIT.windowSeconds },
  CAPTCHA_PER_IP_PER_MINUTE: { limit: CAPTCHA_PER_IP_PER_MINUTE, windowSeconds: 60 },
  MAX_WRONG_PER_CODE: { limit: MAX_WRONG_PER_CODE, windowSeconds: SMS_CODE_TTL_SECONDS },
  MAX_FAILURES_PER_PHONE_HOUR: { limit: MAX_FAILURES_PER_PHONE_HOUR, windowSeconds: PHONE_LOCK_WINDOW_SECONDS },
  QR_CREATE_PER_IP_PER_MINUTE: { limit: QR_CREATE_PER_IP_PER_MINUTE, windowSeconds: 60 },
  QR_POLLS_PER_WINDOW: { limit: QR_POLLS_PER_WINDOW, windowSeconds: QR_POLL_WINDOW_SECONDS },
  COUPON_CHECKS_PER_MINUTE: { limit: COUPON_CHECKS_PER_MINUTE, windowSeconds: 60 },
  COUPON_INVALID_PER_HOUR: { limit: COUPON_INVALID_PER_HOUR, windowSeconds: 3600 },
  INVITER_LOOKUPS_PER_MINUTE: { limit: INVITER_LOOKUPS_PER_MINUTE, windowSeconds: 60 },
  ORDER_CREATES_PER_HOUR: { limit: ORDER_CREATES_PER_HOUR, windowSeconds: 3600 },
  ORDER_CHECKS_PER_MINUTE: { limit: ORDER_CHECKS_PER_MINUTE, windowSeconds: 60 },
  UPLOAD_POLICIES_PER_HOUR: { limit: UPLOAD_POLICIES_PER_HOUR, windowSeconds: 3600 },
  DAILY_UPLOAD_QUOTA_BYTES: { limit: DAILY_UPLOAD_QUOTA_BYTES, windowSeconds: 86_400 },
  MAX_OPEN_UPLOADS: { limit: MAX_OPEN_UPLOADS, windowSeconds: null },
  COMMENTS_PER_HOUR: { limit: COMMENTS_PER_HOUR, windowSeconds: 3600 },
  GENERATION_SUBMITS_PER_HOUR: { limit: GENERATION_SUBMITS_PER_HOUR, windowSeconds: 3600 },
  POSTS_PER_HOUR: { limit: POSTS_PER_HOUR, windowSeconds: 3600 }
}

const lifetimesInCode: Record<string, number> = {
  SESSION_DAYS: SESSION_DAYS * 86_400,
  SMS_CODE_TTL_SECONDS,
  CAPTCHA_TTL_SECONDS,
  QR_TTL_SECONDS,
  BIND_PHONE_TTL_SECONDS,
  CHANGE_TICKET_TTL_SECONDS,
  OSS_POLICY_TTL_MS: OSS_POLICY_TTL_MS / 1000,
  DOWNLOAD_LINK_TTL_SECONDS,
  ORDER_TTL_MS: ORDER_TTL_MS / 1000,
  IDEMPOTENCY_KEY_TTL_MS: IDEMPOTENCY_KEY_TTL_MS / 1000
}

describe("docs/security-decisions.md matches the code (R46)", () => {
  it("every R37 limit and window in the table is the constant's value, and every constant has a row", () => {
    const rows = tableAfter(decisions, "## Rate limits (R37)")
    const documented = Object.fromEntries(rows.map((row) => [constantName(row.Constant!), { limit: whole(row.Limit!), windowSeconds: whole(row["Window (s)"]!) }]))
    expect(rows.length).toBe(Object.keys(documented).length)
    expect(documented).toEqual(limitsInCode)
  })

  it("every R7 lifetime in the table is the constant's value, and every constant has a row", () => {
    const rows = tableAfter(decisions, "## Token and secret lifetimes (R7)")
    expect(Object.fromEntries(rows.map((row) => [constantName(row.Constant!), whole(row["Lifetime (s)"]!)]))).toEqual(lifetimesInCode)
  })

  it("states the upload size of R18 as the core's constant", () => {
    expect(/`UPLOAD_MAX_BYTES` = (\d+)/.exec(decisions)?.[1]).toBe(String(UPLOAD_MAX_BYTES))
    expect(decisions).toContain(`content-length-range 1..${UPLOAD_MAX_BYTES}`)
  })

  it("names every R-number R46 asks for", () => {
    for (const requirement of ["R37", "R7", "R18", "R11", "R10", "R27", "R40"]) expect(decisions).toMatch(new RegExp(`\\b${requirement}\\b`))
  })
})

describe("docs/authorization-matrix.md lists every authenticated route (R11)", () => {
  const matrix = readFileSync(join(docs, "authorization-matrix.md"), "utf8")
  const sources = (directory: string): Array<string> =>
    readdirSync(directory).flatMap((name) => {
      const path = join(directory, name)
      return statSync(path).isDirectory() ? sources(path) : name.endsWith(".ts") ? [path] : []
    })

  it("each implementAuthed route of src/features appears in the matrix", () => {
    const routes = sources(new URL("../src/features/", import.meta.url).pathname).flatMap((path) =>
      [...readFileSync(path, "utf8").matchAll(/implementAuthed\(app, deps, Api\.(\w+\.\w+)/g)].map((match) => match[1]!))
    expect(routes.length).toBeGreaterThan(40)
    expect(routes.filter((route) => !matrix.includes(`\`${route}\``))).toEqual([])
  })
})
