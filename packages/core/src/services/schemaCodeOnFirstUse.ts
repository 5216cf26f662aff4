import type * as SchemaCode from "./schemaCode.js"
import { onFirstUse } from "./onFirstUse.js"

/**
 * The start's code that needs effect's Schema (schemaCode.ts), fetched by the first call rather than
 * with the app (ADR 0032): the first paint reads saved values (StoredShapes) and calls nothing, so
 * Schema and the routes leave the web app's first load. A failed fetch is onFirstUse's NetworkError
 * ("code:Schema", 网络异常), which every call's error type already has. Listed in the manifest's
 * `eagerInPackage`: the packed package resolves the import at once (scripts/build-package.mjs).
 */
export const schemaCodeOnFirstUse = onFirstUse<typeof SchemaCode>("Schema", () => import("./schemaCode.js"))
