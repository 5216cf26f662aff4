import type { SmsPurpose } from "../../db/schema/login.js"

/** Where SMS go: the port a real provider (Aliyun SMS) adapter implements. */
export interface SmsSink {
  /** Sends a one-time code; throws when the provider refuses. */
  readonly sendCode: (message: { readonly phone: string; readonly purpose: SmsPurpose; readonly code: string }) => Promise<void>
  /** A notice without a code, e.g. to the old phone after a phone change (R6). */
  readonly sendNotice: (phone: string, text: string) => Promise<void>
}

export interface OutboxCode {
  readonly code: string
  readonly purpose: SmsPurpose
  readonly sent: number
}

/**
 * Development only: the last captcha answer per subject and the last code per phone, kept where the
 * development endpoints (GET /api/dev/captcha, /api/dev/sms) can read them for tests and developers.
 * Never built in production; the database keeps only hashes (R3).
 */
export interface DevOutbox {
  readonly rememberCaptcha: (subject: string, answer: string) => void
  readonly captcha: (subject: string) => string | undefined
  readonly code: (phone: string) => OutboxCode | undefined
  readonly noticesFor: (phone: string) => ReadonlyArray<string>
}
