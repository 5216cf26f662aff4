import { describe, expect, it } from "vitest"
import { analyticsUserId } from "./analyticsUserId.js"

// Expected values computed once with node:crypto: createHash("sha256").update("mido:" + uid, "utf8").
describe("NV11 the analytics user-id hash", () => {
  it.each([
    ["NV11", "a numeric id", 12345, "7bb275e2c31e9b8e9ccc8e38cd4f081d388d44b295734821026330d87ca0d364"],
    ["NV11", "the same id as a string", "12345", "7bb275e2c31e9b8e9ccc8e38cd4f081d388d44b295734821026330d87ca0d364"],
    ["NV11", "an empty id still hashes the prefix", "", "3c82caea7a482a1ab76aa9142f6b48ad2fe97fd20cfe1cc87d54fbc3551997fd"]
  ] as const)("%s %s", (_rule, _name, uid, expected) => {
    expect(analyticsUserId(uid)).toBe(expected)
  })

  it.each([
    ["NV11", "never the bare SHA-256 of the id", analyticsUserId(12345), "5994471abb01112afcc18159f6cc74b4f511b99806da59b3caf5a9c173cacfc5"],
    ["NV11", "different ids differ", analyticsUserId(1), analyticsUserId(2)]
  ] as const)("%s %s", (_rule, _name, actual, other) => {
    expect(actual).not.toBe(other)
    expect(actual).toMatch(/^[0-9a-f]{64}$/)
  })
})
