// Writes docs/api.md from the route table: `npm run docs:api -w @mido/core`.
import { writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { renderApiDocs } from "../src/api/apiDocs.js"
import { Api } from "../src/api/routeTable.js"

const target = fileURLToPath(new URL("../../../docs/api.md", import.meta.url))
writeFileSync(target, renderApiDocs(Api))
console.log(`wrote ${target}`)
