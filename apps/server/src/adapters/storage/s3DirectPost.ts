import type { S3Client } from "@aws-sdk/client-s3"
import { createPresignedPost } from "@aws-sdk/s3-presigned-post"
import type { S3Settings } from "../../platform/s3Config.js"
import type { DirectPostForm, DirectPostRules } from "./objectStorePort.js"

/**
 * A browser upload straight to the bucket (R18–R21 on the bucket's side): an S3 POST policy signed
 * with SigV4 by @aws-sdk/s3-presigned-post, binding
 * - the key prefix (`starts-with $key`, the SDK's `${filename}` form: the browser picks the name),
 * - the size (content-length-range 1 … maxBytes),
 * - the content type, exactly (S3 policies know only eq and starts-with, no "in": one type per
 *   credential, so an image/svg+xml can never be stored under the policy),
 * - success_action_status 200 (what the uploader expects) and a year of caching.
 * Every field of the form must appear in the policy, else AWS answers "Extra input fields" (AWS
 * "Creating a POST policy", sigv4-HTTPPOSTConstructPolicy): the fields returned are exactly those.
 * The browser's post never reaches the API; after it, file/create checks size and magic bytes (R19).
 */
export const s3DirectPost = async (client: S3Client, settings: S3Settings, rules: DirectPostRules): Promise<DirectPostForm> => {
  const { url, fields } = await createPresignedPost(client, {
    Bucket: settings.bucket,
    Key: `${rules.keyPrefix}\${filename}`,
    Conditions: [["content-length-range", 1, rules.maxBytes]],
    Fields: { "Content-Type": rules.contentType, success_action_status: "200", "Cache-Control": "public, max-age=31536000, immutable" },
    Expires: rules.expiresSeconds
  })
  return {
    url,
    fields,
    accessKeyId: settings.accessKeyId,
    policy: fields.Policy ?? "",
    signature: fields["X-Amz-Signature"] ?? ""
  }
}
