import { describe, expect, it } from "vitest"
import { mjGeneration, mjReferenceConflict, mjVersionTakes } from "./mjVersionRules.js"

describe("GV12 Midjourney versions and reference kinds", () => {
  it.each([
    ["v7", 7],
    ["6.1", 6],
    ["Midjourney V6.1", 6],
    ["niji 6", 6],
    ["Niji 7", 7],
    ["latest", undefined]
  ] as const)("GV12 the generation of %s is %s", (version, generation) => {
    expect(mjGeneration(version)).toBe(generation)
  })

  it.each([
    ["omni_reference", "v7", true],
    ["omni_reference", "v8", true],
    ["omni_reference", "v6.1", false],
    ["omni_reference", "niji 6", false],
    ["omni_reference", "latest", false],
    ["character_reference", "v6.1", true],
    ["character_reference", "niji 6", true],
    ["character_reference", "v6", true],
    ["character_reference", "v7", false],
    ["character_reference", "v5.2", false],
    ["character_reference", "latest", false]
  ] as const)("GV12 %s on %s: %s", (kind, version, takes) => {
    expect(mjVersionTakes(kind, version)).toBe(takes)
  })

  const none: ReadonlyArray<string> = []
  const one = ["/u/a.png"]
  it.each([
    ["nothing restricted in use", "v6.1", none, none, undefined],
    ["oref on v7", "v7", none, one, undefined],
    ["oref on v6.1", "v6.1", none, one, "omni_reference"],
    ["cref on niji 6", "niji 6", one, none, undefined],
    ["cref on v7", "v7", one, none, "character_reference"],
    ["both on v7: cref conflicts", "v7", one, one, "character_reference"],
    ["both on v6.1: oref is named first", "v6.1", one, one, "omni_reference"]
  ] as const)("GV12 %s", (_case, version, character_reference, omni_reference, conflict) => {
    expect(mjReferenceConflict(version, { character_reference, omni_reference })).toBe(conflict)
  })
})
