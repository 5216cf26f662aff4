import { createHmac, timingSafeEqual } from "node:crypto"
import { UPLOAD_MAX_BYTES } from "@mido/core/files"
import type { ObjectStore } from "../../adapters/storage/objectStorePort.js"
import { chinaMonth } from "../../platform/chinaTime.js"

/**
 * Aliyun OSS PostObject policies (spec §7 oss_token; R18): the server signs a base64 policy with an
 * expiration ≤ 10 min and conditions on the key prefix (the caller's own directory), the size
 * (1 byte to 15 MB) and the type; the storage endpoint checks the same policy before storing.
 * Signing is local and needs no storage round trip, so it keeps working when storage is down (R42).
 */

export const OSS_POLICY_TTL_MS = 10 * 60 * 1000
/** The upload type the upload component asks for (spec §7); others are refused. */
export const OSS_IMAGE_UPLOAD_TYPE = 21
/** The local storage endpoint stands in for one bucket, reached with one access id. */
export const LOCAL_ACCESS_ID = "mido-local"
export const LOCAL_BUCKET = "mido-local"
export const UPLOAD_CONTENT_TYPES = ["image/png", "image/jpeg"] as const

type Condition = Readonly<Record<string, unknown>> | ReadonlyArray<unknown>
export interface PostPolicy {
  readonly expiration: string
  readonly conditions: ReadonlyArray<Condition>
}

/** One secret, separate keys per use: upload policies and download links never share a key. */
export const derivedKey = (secret: string, purpose: "oss-policy" | "download-link"): Buffer =>
  createHmac("sha256", secret).update(`mido:${purpose}`).digest()

/** R18: every user writes under their own directory, one folder a month: u/{uid}/{yyyyMM}/. */
export const userUploadDir = (uid: number, now: Date): string => `u/${uid}/${chinaMonth(now)}/`

/** Whether a key lies in the user's own tree (any month), R11/R19. */
export const isUserKey = (uid: number, key: string): boolean => key.startsWith(`u/${uid}/`)

/** The owner a key's path names, when it is a user key. */
export const ownerOfKey = (key: string): number | undefined => {
  const match = /^u\/(\d{1,15})\//.exec(key)
  return match === null ? undefined : Number(match[1])
}

export const buildPolicy = (dir: string, now: Date): PostPolicy => ({
  expiration: new Date(now.getTime() + OSS_POLICY_TTL_MS).toISOString(),
  conditions: [
    { bucket: LOCAL_BUCKET },
    ["content-length-range", 1, UPLOAD_MAX_BYTES],
    ["starts-with", "$key", dir],
    ["in", "$content-type", [...UPLOAD_CONTENT_TYPES]]
  ]
})

export const encodePolicy = (policy: PostPolicy): string => Buffer.from(JSON.stringify(policy), "utf8").toString("base64")

/** Aliyun's PostObject signature: base64(HMAC-SHA1(AccessKeySecret, base64 policy)). */
export const signPolicy = (secret: string, policyBase64: string): string =>
  createHmac("sha1", derivedKey(secret, "oss-policy")).update(policyBase64, "utf8").digest("base64")

export interface IssuedCredential {
  readonly dir: string
  readonly access_id: string
  readonly policy: string
  readonly signature: string
  readonly host: string
  readonly expire: number
  /** S3 bucket only: the form fields to post (the bucket's own POST policy) and the objects' public base. */
  readonly fields?: Readonly<Record<string, string>>
  readonly public_url?: string
}

/** The oss_token answer for one user (R18): their directory, 10 minutes, ≤ 15 MB, png or jpeg; posted to the storage origin (R20). */
export const issueCredential = (input: { readonly secret: string; readonly storageUrl: string; readonly uid: number; readonly now: Date }): IssuedCredential => {
  const dir = userUploadDir(input.uid, input.now)
  const policy = buildPolicy(dir, input.now)
  const encoded = encodePolicy(policy)
  return {
    dir,
    access_id: LOCAL_ACCESS_ID,
    policy: encoded,
    signature: signPolicy(input.secret, encoded),
    host: `${input.storageUrl}/storage`,
    expire: Math.floor(Date.parse(policy.expiration) / 1000)
  }
}

/**
 * The oss_token answer when browsers post straight to an S3 bucket (ObjectStore.directPost): the same
 * directory, 10 minutes and 1 byte to 15 MB as issueCredential; the type bound exactly (S3 policies
 * have no "in"), so the caller names it. The spec's fields carry the S3 equivalents, `fields` the form.
 */
export const issueDirectCredential = async (input: {
  readonly directPost: NonNullable<ObjectStore["directPost"]>
  readonly publicUrl: string
  readonly uid: number
  readonly contentType: "image/png" | "image/jpeg"
  readonly now: Date
}): Promise<IssuedCredential> => {
  const dir = userUploadDir(input.uid, input.now)
  const form = await input.directPost({ keyPrefix: dir, contentType: input.contentType, maxBytes: UPLOAD_MAX_BYTES, expiresSeconds: OSS_POLICY_TTL_MS / 1000 })
  return {
    dir,
    access_id: form.accessKeyId,
    policy: form.policy,
    signature: form.signature,
    host: form.url,
    expire: Math.floor((input.now.getTime() + OSS_POLICY_TTL_MS) / 1000),
    fields: form.fields,
    public_url: input.publicUrl
  }
}

/** What the storage endpoint received, as the policy sees it. */
export interface PostedForm {
  readonly key: string
  readonly policy: string
  readonly accessKeyId: string
  readonly signature: string
  /** The stated type: the Content-Type field, else the file part's type, else what the bytes show. */
  readonly contentType: string
  readonly size: number
}

/** A refusal in OSS's terms: the HTTP status and error code it would answer with. */
export interface PolicyRefusal {
  readonly status: 400 | 403
  readonly code: string
  readonly message: string
}

const refuse = (status: 400 | 403, code: string, message: string): PolicyRefusal => ({ status, code, message })
const conditionFailed = (what: string) => refuse(403, "AccessDenied", `Invalid according to Policy: Policy Condition failed: ${what}`)

const sameSignature = (expected: string, given: string): boolean => {
  const a = Buffer.from(expected, "utf8")
  const b = Buffer.from(given, "utf8")
  return a.length === b.length && timingSafeEqual(a, b)
}

const parsePolicy = (encoded: string): PostPolicy | undefined => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(encoded, "base64").toString("utf8"))
    if (typeof parsed !== "object" || parsed === null) return undefined
    const { expiration, conditions } = parsed as Record<string, unknown>
    if (typeof expiration !== "string" || !Array.isArray(conditions)) return undefined
    return { expiration, conditions: conditions as Array<Condition> }
  } catch {
    return undefined
  }
}

/** The form's value for a `$name` a condition names; only the fields this endpoint knows. */
const formValue = (form: PostedForm, name: unknown): string | undefined =>
  name === "$key" ? form.key : name === "$content-type" ? form.contentType : undefined

/** One condition; unknown shapes fail closed. */
const checkCondition = (condition: Condition, form: PostedForm): PolicyRefusal | undefined => {
  if (!Array.isArray(condition)) {
    const entries = Object.entries(condition)
    const [name, value] = entries[0] ?? []
    if (entries.length !== 1) return refuse(400, "InvalidPolicyDocument", "Invalid Policy: condition")
    if (name === "bucket") return value === LOCAL_BUCKET ? undefined : conditionFailed('["eq", "$bucket"]')
    return formValue(form, `$${name}`) === value ? undefined : conditionFailed(`["eq", "$${name}"]`)
  }
  const [operator, first, second] = condition as ReadonlyArray<unknown>
  const op = typeof operator === "string" ? operator.toLowerCase() : ""
  if (op === "content-length-range" && typeof first === "number" && typeof second === "number") {
    if (form.size < first) return refuse(400, "EntityTooSmall", "Your proposed upload is smaller than the minimum allowed size.")
    return form.size > second ? refuse(400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size.") : undefined
  }
  const value = formValue(form, first)
  if (value === undefined) return refuse(400, "InvalidPolicyDocument", "Invalid Policy: unknown field")
  if (op === "starts-with" && typeof second === "string") return value.startsWith(second) ? undefined : conditionFailed(`["starts-with", "${String(first)}", "${second}"]`)
  if (op === "eq" && typeof second === "string") return value === second ? undefined : conditionFailed(`["eq", "${String(first)}"]`)
  if (op === "in" && Array.isArray(second)) return second.includes(value) ? undefined : conditionFailed(`["in", "${String(first)}"]`)
  return refuse(400, "InvalidPolicyDocument", "Invalid Policy: condition")
}

/**
 * The storage endpoint's check of a PostObject form (R18): access id, signature, expiration, then
 * every condition. A policy that does not bind the key (starts-with or eq on $key) is refused, so a
 * signed policy can never write outside the directory it was issued for.
 */
export const checkPostedForm = (secret: string, form: PostedForm, now: Date): PolicyRefusal | undefined => {
  if (form.accessKeyId !== LOCAL_ACCESS_ID) return refuse(403, "InvalidAccessKeyId", "The OSS Access Key Id you provided does not exist in our records.")
  if (!sameSignature(signPolicy(secret, form.policy), form.signature)) {
    return refuse(403, "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided.")
  }
  const policy = parsePolicy(form.policy)
  if (policy === undefined) return refuse(400, "InvalidPolicyDocument", "Invalid Policy: Invalid JSON.")
  const expires = Date.parse(policy.expiration)
  if (!Number.isFinite(expires)) return refuse(400, "InvalidPolicyDocument", "Invalid Policy: Invalid expiration.")
  if (expires <= now.getTime()) return refuse(403, "AccessDenied", "Invalid according to Policy: Policy expired.")
  const bindsKey = policy.conditions.some((condition) =>
    Array.isArray(condition) ? condition[1] === "$key" && ["starts-with", "eq"].includes(String(condition[0]).toLowerCase()) : "key" in condition)
  if (!bindsKey) return refuse(403, "AccessDenied", "Invalid according to Policy: the policy does not bind the key.")
  for (const condition of policy.conditions) {
    const refusal = checkCondition(condition, form)
    if (refusal !== undefined) return refusal
  }
  return undefined
}
