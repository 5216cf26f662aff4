// A CommonJS module of the consumer importing the ESM-only packages: TypeScript ≥ 5.8 with
// `module: node20` (tsconfig.node16.json; or nodenext) types it as Node ≥ 20.19 runs it, through require(esm) (ADR 0021).
import { formatCount } from "@mido/core"

export const label: string = formatCount(7)
