import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const bin = fileURLToPath(new URL("../bin/mido.js", import.meta.url))
const mido = (args: ReadonlyArray<string>, stdin = "") => {
  const result = spawnSync(process.execPath, [bin, ...args], { input: stdin, encoding: "utf8", timeout: 60_000 })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

/** The names the harness promises (issue "Foundation", headless harness). */
const promised = [
  "coupon.apply",
  "artwork.sameStyle",
  "infotext.parse",
  "reminder.decide",
  "format.relativeTime",
  "format.count",
  "format.badge",
  "format.aspectRatio",
  "upload.validate",
  "image.detectType",
  "message.link",
  "nav.guard",
  "nav.safeReturn"
]

describe("the mido binary (one JSON value in, one out)", () => {
  it("lists every promised rule", () => {
    const result = mido(["rule", "--list"])
    expect(result.code).toBe(0)
    const names = result.stdout.trim().split("\n").map((line) => line.split(/\s+/)[0])
    expect(names).toEqual(expect.arrayContaining(promised))
  })

  it("answers a rule on stdin with JSON on stdout, exit 0", () => {
    const input = {
      code: "MIDO90",
      item: { kind: "plan", price: 29.9 },
      coupon: { discount_amount: 0.9, minimum_amount: 0, status: "unused", scope: "plan", type: "discount" }
    }
    const result = mido(["rule", "coupon.apply"], JSON.stringify(input))
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ ok: true, payable: 26.91, claim: false })
  })

  it.each([
    ["malformed JSON", ["rule", "coupon.apply"], "{code:", /not one JSON value/],
    ["a wrong field type", ["rule", "coupon.apply"], '{"code":1,"item":null,"coupon":null}', /\["code"\]/],
    ["an unknown rule", ["rule", "coupon.nope"], "{}", /unknown rule/],
    ["a missing rule name", ["rule"], "", /usage/],
    ["an unknown command", ["fly"], "", /usage/]
  ] as const)("exits 2 with a message on stderr for %s", (_name, args, stdin, message) => {
    const result = mido(args, stdin)
    expect(result.code).toBe(2)
    expect(result.stdout).toBe("")
    expect(result.stderr).toMatch(message)
  })

  it("runs the demo", () => {
    const result = mido(["demo"])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain("26.91")
  })
})
