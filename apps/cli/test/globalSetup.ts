import { execFile } from "node:child_process"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"

/**
 * The tests run the harness as users do (bin/mido.js → dist/bin.js) and the smoke run starts the
 * server as `npm start` does (apps/server/dist/main.js): both built here once per run when a source is
 * newer (ADR 0022), so no test pays a build, or tsx, inside its own timeout.
 */
export default async function setup() {
  const run = promisify(execFile)
  await Promise.all([
    run(process.execPath, [fileURLToPath(new URL("../build.mjs", import.meta.url))]),
    run(process.execPath, [fileURLToPath(new URL("../../server/build.mjs", import.meta.url))])
  ])
}
