// Writes docs/api.md from the route table and its examples: `npm run docs:api -w @mido/core`.
import { writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { renderApiDocs } from "../src/api/apiDocs.js"
import { routeExamples } from "../src/api/examples/routeExamples.js"
import { Api } from "../src/api/routeTable.js"

const target = fileURLToPath(new URL("../../../docs/api.md", import.meta.url))
writeFileSync(target, renderApiDocs(Api, routeExamples))
console.log(`wrote ${target}`)
