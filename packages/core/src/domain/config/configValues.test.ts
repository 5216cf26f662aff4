import { describe, expect, it } from "vitest"
import { appSettings, configBeans, configText, mobileSiteAddress } from "./configValues.js"

const entries = [
  { key: "config.wecom.promotion.qrcode", value: ["https://cdn.mido.test/qr.png"] },
  { key: "points.first-post", value: [" 50 "] },
  { key: "points.daily-post", value: ["10"] },
  { key: "points.daily-post", value: ["999"] },
  { key: "config.member.remaining.bean.threshold", value: ["20"] },
  { key: "blank", value: ["  "] },
  { key: "empty", value: [] },
  { key: "negative", value: ["-5"] },
  { key: "fraction", value: ["1.5"] }
]

describe("config values (spec §3, docs/spec/config.md)", () => {
  it.each([
    ["CF1", "a present key", "config.wecom.promotion.qrcode", "https://cdn.mido.test/qr.png"],
    ["CF1", "the first of repeated keys wins", "points.daily-post", "10"],
    ["CF1", "a blank value is absent", "blank", undefined],
    ["CF1", "no values is absent", "empty", undefined],
    ["CF1", "an unknown key is absent", "nope", undefined]
  ] as const)("%s %s", (_rule, _name, key, expected) => {
    expect(configText(entries, key)).toBe(expected)
  })

  it.each([
    ["CF2", "digits, trimmed", "points.first-post", 50],
    ["CF2", "negative counts 0", "negative", 0],
    ["CF2", "a fraction counts 0", "fraction", 0],
    ["CF2", "missing counts 0", "nope", 0]
  ] as const)("%s %s", (_rule, _name, key, expected) => {
    expect(configBeans(entries, key)).toBe(expected)
  })

  it("CF3 the typed settings, with the daily post cap as the sum of the two rewards", () => {
    expect(appSettings(entries)).toEqual({
      wecomQrcode: "https://cdn.mido.test/qr.png",
      firstPostReward: 50,
      dailyPostReward: 10,
      dailyPostCap: 60,
      reminderThresholds: { remainingBeanThreshold: 20, dailyConsumeThreshold: undefined, expireRemainDays: undefined },
      mobileSite: ""
    })
  })

  it.each([
    ["CF4", "an https origin", "https://m.mido.example", "https://m.mido.example"],
    ["CF4", "with a base path and a trailing slash", "https://m.mido.example/h5/", "https://m.mido.example/h5/"],
    ["CF4", "http (a staging site)", "http://m.mido.test:8080", "http://m.mido.test:8080"],
    ["CF4", "absent", undefined, ""],
    ["CF4", "no scheme", "m.mido.example", ""],
    ["CF4", "a javascript: address", "javascript:alert(1)", ""],
    ["CF4", "a network path", "//m.mido.example", ""],
    ["CF4", "credentials", "https://user:pw@m.mido.example", ""],
    ["CF4", "a query (NV6 appends the page's own)", "https://m.mido.example/?from=pc", ""],
    ["CF4", "a hash", "https://m.mido.example/#/", ""],
    ["CF4", "not a URL", "https://", ""]
  ] as const)("%s the mobile site: %s", (_rule, _name, text, expected) => {
    expect(mobileSiteAddress(text)).toBe(expected)
  })

  it("CF4 the mobile site comes from its config key", () => {
    expect(appSettings([{ key: "config.mobile.site", value: [" https://m.mido.example "] }]).mobileSite).toBe("https://m.mido.example")
  })

  it("CF3 an empty config gives safe defaults", () => {
    expect(appSettings([])).toMatchObject({ wecomQrcode: undefined, firstPostReward: 0, dailyPostReward: 0, dailyPostCap: 0 })
  })
})
