import { fileURLToPath } from "node:url"
import { expect, it } from "vitest"
import { sampleCount, typeCheckReadme } from "../../../scripts/readmeSamples.js"

// packages/core/README.md is the consumer's guide (issue 28): every ts sample in it must compile
// against the package's exports, as a consumer's strict project would compile it.
const readme = fileURLToPath(new URL("../README.md", import.meta.url))

it("every TypeScript sample of the README compiles", () => {
  expect(sampleCount(readme)).toBeGreaterThanOrEqual(5)
  expect(typeCheckReadme(readme)).toEqual([])
}, 120_000)
