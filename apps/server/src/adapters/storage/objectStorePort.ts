/**
 * Object storage behind a small interface, so an S3/OSS adapter can replace the local one: objects
 * by key (immutable: create never overwrites), and a temp area of multipart parts by upload id (R21).
 * The local adapter (localObjectStore.ts) keeps objects at uploadDir/<key>; its own bookkeeping lives in dot-directories,
 * which no valid key can name (isSafeKey), so they are never served.
 */
export interface ObjectStore {
  /** Stores a new object; false when the key already exists. */
  readonly create: (key: string, bytes: Uint8Array) => Promise<boolean>
  /** Size of an object, or undefined when there is none (R19's HEAD). */
  readonly head: (key: string) => Promise<{ readonly size: number } | undefined>
  /** The first `length` bytes (R19's range read), or undefined when there is no object. */
  readonly readStart: (key: string, length: number) => Promise<Uint8Array | undefined>
  readonly read: (key: string) => Promise<Uint8Array | undefined>
  /** The object's bytes as a web stream (serving). */
  readonly stream: (key: string) => ReadableStream<Uint8Array>
  readonly delete: (key: string) => Promise<void>
  readonly putPart: (uploadId: string, partNumber: number, bytes: Uint8Array) => Promise<void>
  /** Joins parts 1…count, in order, into a new object; false when the key already exists. */
  readonly assemble: (uploadId: string, count: number, key: string) => Promise<boolean>
  readonly dropParts: (uploadId: string) => Promise<void>
  /**
   * Present when browsers post uploads straight to the store (an S3 bucket's POST policy): the signed
   * form for one user's directory. Absent for the local store, whose storage origin receives the posts.
   */
  readonly directPost?: (rules: DirectPostRules) => Promise<DirectPostForm>
}

/** What a direct post may write (R18): keys under one prefix, one content type, 1 byte to maxBytes, for a while. */
export interface DirectPostRules {
  readonly keyPrefix: string
  readonly contentType: "image/png" | "image/jpeg"
  readonly maxBytes: number
  readonly expiresSeconds: number
}

/** Where to post and what: the form fields to send before the file (a `key` field among them names the prefix). */
export interface DirectPostForm {
  readonly url: string
  readonly fields: Readonly<Record<string, string>>
  readonly accessKeyId: string
  readonly policy: string
  readonly signature: string
}

const SEGMENT = "[A-Za-z0-9_-][A-Za-z0-9_.-]*"
const SAFE_KEY = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`)

/**
 * R20: a key the store will touch: relative, segments of letters, digits, _ - . (never starting with
 * a dot), no "..", no backslash, at most 300 characters. Everything else is refused before any path
 * is built.
 */
export const isSafeKey = (key: string): boolean => key.length <= 300 && !key.includes("..") && SAFE_KEY.test(key)
