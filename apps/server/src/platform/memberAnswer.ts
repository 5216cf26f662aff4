import { ok } from "@mido/core"
import type { CachedAnswer } from "./answerCache.js"
import { type FlagTemplate, flagTemplate, renderFlags, withItemFlags } from "./flagTemplate.js"
import type { ViewerFlags } from "./sharedAnswer.js"
import type { ViewerFlagCache } from "./viewerFlagCache.js"

// one template per kept answer, built by its first member and dropped with it (keyed by the kept data object)
const templates = new WeakMap<object, FlagTemplate | null>()

const templateOf = (kept: CachedAnswer, data: object, names: ReadonlyArray<string>, encode: (data: never) => unknown): FlagTemplate | undefined => {
  let template = templates.get(data)
  if (template === undefined) {
    const encoded = encode(data as never) as { readonly list?: unknown } | null
    template = (encoded !== null && typeof encoded === "object" && Array.isArray(encoded.list) ? flagTemplate(kept.body, encoded.list, names) : undefined) ?? null
    templates.set(data, template)
  }
  return template ?? undefined
}

/** Where a member's flags of one kept page are kept between their reads (viewerFlagCache.ts), under the page's cache key. */
export interface KeptFlags {
  readonly cache: ViewerFlagCache
  readonly page: string
}

/**
 * A member's answer text (issue 30, ADR 0027): the kept visitor's answer with their flags — kept
 * from their last read of this very answer, or read now — written into its text; the page is
 * encoded again only when the text has no template. A text, not bytes: a string is encoded by Node
 * straight into the socket's write, where a fresh Buffer a request (10 KB, memory outside V8's heap)
 * cost about 0.12 ms of CPU more in garbage collection (measured side by side over HTTP).
 */
export const memberAnswerText = async <Input, Data>(
  kept: CachedAnswer & { readonly data: Data & object },
  viewerFlags: ViewerFlags<Input, Data>,
  input: Input,
  viewer: number,
  encode: (data: Data) => unknown,
  keptFlags?: KeptFlags
): Promise<string | Uint8Array<ArrayBuffer>> => {
  const read = () => viewerFlags.read(kept.data, input, viewer)
  const flags = await (keptFlags === undefined ? read() : keptFlags.cache.flagsOf(viewer, keptFlags.page, kept.data, read))
  // none of the page's flags is theirs: their answer is the visitor's, byte for byte (the shared flags are all false)
  if (flags.every((item) => viewerFlags.names.every((name) => item[name] !== true))) return kept.bytes
  const template = templateOf(kept, kept.data, viewerFlags.names, encode as (data: never) => unknown)
  if (template !== undefined) return renderFlags(template, flags)
  const shared = kept.data as Data & { readonly list: ReadonlyArray<object> }
  return JSON.stringify(ok(encode({ ...shared, list: withItemFlags(shared.list, flags, viewerFlags.names) })))
}
