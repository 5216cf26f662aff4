import type { SmsPurpose } from "../../db/schema/login.js"

/** Where SMS go: the port a real provider (Aliyun SMS) adapter implements. */
export interface SmsSink {
  /** Sends a one-time code; throws when the provider refuses. */
  readonly sendCode: (message: { readonly phone: string; readonly purpose: SmsPurpose; readonly code: string }) => Promise<void>
  /**
   * A notice without a code, e.g. to the old phone after a phone change (R6): `text` is the whole
   * message (the outbox keeps it); `params` are the same facts as a provider template's variables.
   */
  readonly sendNotice: (phone: string, text: string, params?: Readonly<Record<string, string>>) => Promise<void>
}

/**
 * Why a provider refused a send, in the terms the user is answered in: `limit` (the provider's own flow
 * control for this phone: try later), `phone` (the number cannot get SMS), `provider` (the operator's
 * account, signature or template is wrong, or the provider failed: nothing the user can do).
 */
export type SmsRefusalKind = "limit" | "phone" | "provider"

/** Thrown by a sink when the provider answered but refused; `providerCode` is the vendor's code, for the log. */
export class SmsRefused extends Error {
  constructor(readonly kind: SmsRefusalKind, readonly providerCode: string, readonly userMessage: string, readonly operatorFault: boolean) {
    super(`sms provider refused: ${providerCode}`)
  }
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
