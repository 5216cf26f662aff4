import { describe, expect, it } from "vitest"
import { storageFileName, storageObjectKey } from "./storageFileName.js"

/** 2024-03-05 01:02:03 UTC, which is 09:02:03 in China. */
const now = Date.UTC(2024, 2, 5, 1, 2, 3)

describe("UP6 storage file name (spec §7)", () => {
  it.each([
    ["UP6", "time in China plus random plus extension", now, "a1b2c3", "photo.png", "20240305090203_a1b2c3.png"],
    ["UP6", "the extension is lowercased", now, "a1b2c3", "PHOTO.JPG", "20240305090203_a1b2c3.jpg"],
    ["UP6", "jpeg keeps its spelling", now, "r", "x.JPEG", "20240305090203_r.jpeg"],
    ["UP6", "the day rolls over at 16:00 UTC", Date.UTC(2023, 11, 31, 16, 0, 0), "r", "a.png", "20240101000000_r.png"],
    ["UP6", "a UUID loses its dashes and case", now, "9F1C-44AB-8E2D", "a.png", "20240305090203_9f1c44ab8e2d.png"],
    ["UP6", "Math.random() output becomes base-36 digits", now, 0.5, "a.png", "20240305090203_i.png"],
    ["UP6", "path characters in the random part are dropped", now, "../../etc/x", "a.png", "20240305090203_etcx.png"],
    ["UP6", "an empty random part becomes 0", now, "", "a.png", "20240305090203_0.png"],
    ["UP6", "a NaN random part becomes 0", now, Number.NaN, "a.png", "20240305090203_0.png"],
    ["UP6", "a long random part is cut at 32", now, "a".repeat(40), "a.png", `20240305090203_${"a".repeat(32)}.png`],
    ["UP6", "no extension, no dot", now, "r", "clipboard", "20240305090203_r"],
    ["UP6", "a strange extension is left out", now, "r", "a.p/ng", "20240305090203_r"],
    ["UP6", "the user's name never appears", now, "r", "<script>.png", "20240305090203_r.png"],
    ["UP6", "a NaN clock stamps the epoch", Number.NaN, "r", "a.png", "19700101080000_r.png"]
  ] as const)("%s %s", (_rule, _name, time, random, fileName, expected) => {
    expect(storageFileName({ now: time, random, fileName })).toBe(expected)
  })

  it.each([
    ["UP6", "dir with a slash", "uploads/12/", "n.png", "uploads/12/n.png"],
    ["UP6", "dir is a plain prefix", "user_12_", "n.png", "user_12_n.png"],
    ["UP6", "no dir", "", "n.png", "n.png"]
  ] as const)("%s key: %s", (_rule, _name, dir, name, expected) => {
    expect(storageObjectKey(dir, name)).toBe(expected)
  })
})
