import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const here = dirname(fileURLToPath(import.meta.url))

/** apps/web */
export const webRoot = resolve(here, "..", "..")
/** The monorepo root: the server is started from here, as `npm start` does. */
export const repoRoot = resolve(webRoot, "..", "..")
/** Screenshots and the server log of the last run (gitignored). */
export const artifactsDir = join(webRoot, "e2e", "artifacts")
