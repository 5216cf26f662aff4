/**
 * The ContentModeration port (issue 29, ADR 0024): an outside check of what users write and the images
 * they publish. The operator's own word list runs before it in features/moderation for every adapter;
 * this port is the second opinion (the built-in adapter has none, Aliyun 内容安全 is one).
 */

/** Where a text will be used; a provider may check each with a different service. */
export type TextPlace =
  | "prompt"
  | "negative_prompt"
  | "assistant"
  | "post"
  | "comment"
  | "article"
  | "circle"
  | "assignment"
  | "activity"
  | "artwork_title"
  | "nickname"
  | "bio"

/** Where an image is about to be shown to others. */
export type ImagePlace = "artwork_publish" | "post_image"

/**
 * pass: goes on. review: goes on, and a person should look (written for the review queue).
 * refuse: stops with the user's message; nothing is charged or stored.
 */
export type Verdict = "pass" | "review" | "refuse"

export interface ModerationVerdict {
  readonly verdict: Verdict
  /** the provider's labels (never shown to the user) */
  readonly labels: ReadonlyArray<string>
}

export interface TextToCheck {
  readonly uid: number
  readonly place: TextPlace
  readonly text: string
}

export interface ImageToCheck {
  readonly uid: number
  readonly place: ImagePlace
  /** an address the provider can fetch (the storage's public URL) */
  readonly url: string
  /** our id of the thing shown (artwork id…), echoed by providers that take one */
  readonly dataId: string
}

/**
 * The provider could not answer: `throttled` (its rate limit; the user may retry soon) or
 * `unavailable` (a bad key, an unopened service, a network failure: the operator's problem).
 * Moderation fails closed: nothing is published unchecked (ADR 0024).
 */
export class ModerationUnavailable extends Error {
  constructor(readonly reason: "throttled" | "unavailable", readonly providerCode: string) {
    super(`moderation unavailable: ${providerCode}`)
  }
}

export interface ContentModeration {
  /** "builtin" or "aliyun": written beside each outcome */
  readonly label: string
  readonly checkText: (input: TextToCheck) => Promise<ModerationVerdict>
  readonly checkImage: (input: ImageToCheck) => Promise<ModerationVerdict>
}
