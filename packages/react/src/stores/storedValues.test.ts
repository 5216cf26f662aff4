import { DrawType } from "@mido/core"
import { storedShapeAgreement } from "@mido/core/testing"
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { StoredSidebar } from "./SidebarStore.js"
import { StoredWork } from "./WorkStore.js"

// ADR 0032: the stores read their saved values before the first paint without Schema. These Schemas
// are what the values were declared with before (spec §3 sidebar and work store); the shapes must read
// every value as they would.
const strict = { parseOptions: { onExcessProperty: "error" } } as const
const Text = Schema.optional(Schema.NullOr(Schema.String))
const Images = Schema.optional(Schema.NullOr(Schema.Array(Schema.String)))
const QuickParams = Schema.Struct({
  base_image_url: Text,
  style_info: Schema.optional(Schema.NullOr(Schema.Struct({ group: Text, name: Text, cover: Text }))),
  prompt: Text
}).annotations(strict)
const QuickMjParams = Schema.Struct({
  image_prompts: Images,
  style_reference: Images,
  character_reference: Images,
  omni_reference: Images,
  version_info: Schema.optional(Schema.NullOr(Schema.Struct({ name: Text, cover: Text }))),
  prompt: Text
}).annotations(strict)
const Pictures = { rewardImage: Schema.NullOr(Schema.String), referenceImage: Schema.NullOr(Schema.String) }
const WorkSchema = Schema.Union(
  Schema.Struct({ drawType: Schema.Literal(DrawType.quick), params: Schema.NullOr(QuickParams), ...Pictures }),
  Schema.Struct({ drawType: Schema.Literal(DrawType.quick_mj), params: Schema.NullOr(QuickMjParams), ...Pictures })
)
const SidebarSchema = Schema.Struct({ expanded: Schema.Boolean })

describe("the stores' saved values read without Schema (ADR 0032, spec §3)", () => {
  // each pair typed together: a shape whose type drifts from its Schema's does not compile
  it.each([
    ["the work store (quick / quick_mj params, strict)", () => storedShapeAgreement(StoredWork, WorkSchema)],
    ["the sidebar ({ expanded })", () => storedShapeAgreement(StoredSidebar, SidebarSchema)]
  ] as const)("%s agrees with its Schema on every sampled and edited value", (_name, check) => {
    const { drawn, accepted, disagreements } = check()
    expect(accepted).toBe(drawn)
    expect(disagreements).toEqual([])
  })

  it("quick parameters never pass for quick_mj ones", () => {
    const quick = { drawType: DrawType.quick, params: { prompt: "猫", base_image_url: null }, rewardImage: null, referenceImage: null }
    expect(StoredWork(quick)).toEqual(quick)
    expect(StoredWork({ ...quick, drawType: DrawType.quick_mj })).toBeUndefined()
  })
})
