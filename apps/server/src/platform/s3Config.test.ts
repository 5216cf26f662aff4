import { describe, expect, it } from "vitest"
import { readConfig } from "./config.js"
import { contentSecurityPolicy } from "./contentSecurityPolicy.js"
import { readS3Settings, s3PostOrigin } from "./s3Config.js"

const full = {
  MIDO_STORAGE: "s3", S3_ENDPOINT: "https://oss-cn-hangzhou.aliyuncs.com/", S3_REGION: "oss-cn-hangzhou", S3_BUCKET: "mido-images",
  S3_ACCESS_KEY_ID: "LTAI5tExample", S3_SECRET_ACCESS_KEY: "secret-value", S3_PUBLIC_URL: "https://img.mido.example.com/"
}

describe("MIDO_STORAGE=s3 settings (issue 27's names)", () => {
  it("local by default; s3 with every variable, trailing slashes dropped, virtual-hosted unless asked", () => {
    expect(readS3Settings({})).toBeUndefined()
    expect(readS3Settings(full)).toEqual({
      endpoint: "https://oss-cn-hangzhou.aliyuncs.com", region: "oss-cn-hangzhou", bucket: "mido-images", accessKeyId: "LTAI5tExample",
      secretAccessKey: "secret-value", forcePathStyle: false, publicUrl: "https://img.mido.example.com"
    })
  })

  it("a half-configured bucket stops the start and names what is missing", () => {
    expect(() => readS3Settings({ ...full, S3_BUCKET: "", S3_PUBLIC_URL: undefined })).toThrow("MIDO_STORAGE=s3 needs S3_BUCKET, S3_PUBLIC_URL")
    expect(() => readS3Settings({ ...full, MIDO_STORAGE: "oss" })).toThrow('MIDO_STORAGE must be "local" or "s3"')
    expect(() => readS3Settings({ ...full, S3_FORCE_PATH_STYLE: "yes" })).toThrow("S3_FORCE_PATH_STYLE must be true or false")
    expect(() => readS3Settings({ ...full, S3_ENDPOINT: "oss-cn-hangzhou.aliyuncs.com" })).toThrow("S3_ENDPOINT must be an http(s) URL")
  })

  it("the public base may not be the app's origin (R20)", () => {
    expect(() => readConfig({ ...full, PUBLIC_URL: "https://img.mido.example.com" })).toThrow("S3_PUBLIC_URL must be another origin than PUBLIC_URL")
    expect(readConfig({ ...full, PUBLIC_URL: "https://mido.example.com" }).s3?.bucket).toBe("mido-images")
  })

  it("browsers post to bucket.endpoint (virtual-hosted) or the endpoint itself (path style)", () => {
    expect(s3PostOrigin(readS3Settings(full)!)).toBe("https://mido-images.oss-cn-hangzhou.aliyuncs.com")
    expect(s3PostOrigin(readS3Settings({ ...full, S3_FORCE_PATH_STYLE: "true", S3_ENDPOINT: "http://127.0.0.1:9000" })!)).toBe("http://127.0.0.1:9000")
  })

  it("the web app's CSP lets images come from the public base and uploads go to the bucket, nothing else of storage", () => {
    const policy = contentSecurityPolicy({ storageUrl: "https://files.mido.example.com", s3: readS3Settings(full)! })
    expect(policy).toContain("img-src 'self' data: blob: https://img.mido.example.com https://mido-images.oss-cn-hangzhou.aliyuncs.com;")
    expect(policy).toContain("connect-src 'self' https://img.mido.example.com https://mido-images.oss-cn-hangzhou.aliyuncs.com;")
    expect(policy).not.toContain("files.mido.example.com")
  })
})
