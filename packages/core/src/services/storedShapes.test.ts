import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { ConfigEntry } from "../api/schemas/AppConfig.js"
import { InviteCode } from "../api/schemas/Phone.js"
import { QrNonce } from "../api/schemas/QrNonce.js"
import { Token } from "../api/schemas/SessionToken.js"
import { CurrentUser } from "../api/schemas/UserInfo.js"
import { storedShapeAgreement } from "../testing/storedShapeAgreement.js"
import { isInviteCode, isQrNonce, isToken, storedAuth, storedConfig, storedUser } from "./storedShapes.js"

// ADR 0032: what the first paint reads back is checked without Schema, and must read exactly as the
// Schema it mirrors would (the Schema stays the contract)
// Token's pattern and lengths together leave effect's Arbitrary drawing for ever: its samples come
// from a pattern of the same lengths (what is refused is sampled by the edits and the table below)
const SampledToken = Token.annotations({ arbitrary: () => (fc) => fc.stringMatching(/^[\x21-\x7e]{16,80}$/) })

describe("saved values read without Schema agree with their Schemas (ADR 0032)", () => {
  // each pair typed together: a shape whose type drifts from its Schema's does not compile
  it.each([
    ["AuthToken's { token }", () => storedShapeAgreement(storedAuth, Schema.Struct({ token: SampledToken }))],
    ["the cached user (CurrentUser)", () => storedShapeAgreement(storedUser, CurrentUser)],
    // a list of lists has many parts, each edited 22 ways: 60 samples are ~30,000 values
    ["the config (ConfigEntry[])", () => storedShapeAgreement(storedConfig, Schema.Array(ConfigEntry), 60)]
  ] as const)("%s", (_name, check) => {
    const { drawn, accepted, disagreements } = check()
    expect(accepted).toBe(drawn)
    expect(disagreements).toEqual([])
  })

  const texts: ReadonlyArray<[string, (value: string) => boolean, Schema.Schema<string, string>]> = [
    ["the session token (Token)", isToken, Token],
    ["the QR nonce (QrNonce, R5)", isQrNonce, QrNonce],
    ["a trimmed invite code (InviteCode)", isInviteCode, InviteCode]
  ]
  const samples = ["", "abc", "abcd", "ABCD1234", "a".repeat(16), "a".repeat(32), "a".repeat(33), "a".repeat(128), "a".repeat(129),
    "a".repeat(512), "a".repeat(513), "abc def ghijklmnopq", "abcdefgh-ijklmnop_q", "abcdefghijklmnop~", "中文中文中文中文中文中文中文中文", "abcdefghijklmnop\n"]
  it.each(texts)("%s", (_name, check, schema) => {
    const is = Schema.is(schema)
    for (const sample of samples) expect([sample, check(sample)]).toEqual([sample, is(sample)])
  })
})

describe("a cached user from before bio and the membership expiry were sent", () => {
  it("reads with their defaults, as the Schema does", () => {
    const saved = { uid: 7, avatar: "", nickname: "小米", is_vip: false, vip_level: 0, vip_name: "", invite_code: "ABCD1234",
      invite_user_id: 0, invite_user_name: "", nid: "10007", phone: "138****0000" }
    expect(storedUser(saved)).toEqual({ ...saved, vip_expired_at_str: null, bio: "" })
  })
  it("is refused when it holds a whole phone number (R10)", () => {
    const saved = { uid: 7, avatar: "", nickname: "小米", is_vip: false, vip_level: 0, vip_name: "", invite_code: "ABCD1234",
      invite_user_id: 0, invite_user_name: "", nid: "10007", phone: "13800000000" }
    expect(storedUser(saved)).toBeUndefined()
  })
})
