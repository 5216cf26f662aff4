import { execFile } from "node:child_process"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"

/**
 * Tests that start a server process run it from the build, as `npm start` does (ADR 0022): globalSetup.ts
 * builds it before the tests when a source is newer; the call here only confirms it (build.mjs answers
 * "up to date" at once; its lock lets parallel runs share one build). The test harnesses under test/
 * that run as processes are built beside it, into dist-test/.
 */
const SERVER_DIR = fileURLToPath(new URL("..", import.meta.url))
let building: Promise<unknown> | undefined

const built = () => (building ??= promisify(execFile)(process.execPath, [join(SERVER_DIR, "build.mjs"), "--test-harnesses"], { cwd: SERVER_DIR }))

/** `node` arguments that run one of the package's processes (main, worker, doctor, engineCheck) from dist/. */
export const builtServer = async (entry: "main" | "worker" | "doctor" | "engineCheck"): Promise<Array<string>> => {
  await built()
  return ["--enable-source-maps", join(SERVER_DIR, "dist", `${entry}.js`)]
}

/** `node` arguments that run a test harness (test/<name>.ts) from dist-test/. */
export const builtHarness = async (name: "seedCrashServer" | "generationCrashServer" | "noTofuRender"): Promise<Array<string>> => {
  await built()
  return ["--enable-source-maps", join(SERVER_DIR, "dist-test", `${name}.js`)]
}
