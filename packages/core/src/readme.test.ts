import { fileURLToPath } from "node:url"
import { expect, it } from "vitest"
import { sampleCount, typeCheckReadmes } from "../../../scripts/readmeSamples.js"

// The packages' READMEs are the consumer's guide (issue 28): every ts/tsx sample in them must compile
// against the packages' exports, as a consumer's strict project would compile it. @mido/react's is
// checked here too, in the same program, so the core is type-checked once.
const root = fileURLToPath(new URL("../../..", import.meta.url)).replace(/\/$/, "")
const readmes = ["packages/core/README.md", "packages/react/README.md"]

it("every TypeScript sample of the core's and react's READMEs compiles", () => {
  expect(readmes.map((readme) => sampleCount(root, readme) > 0)).toEqual([true, true])
  expect(typeCheckReadmes(root, readmes)).toEqual([])
}, 120_000)
