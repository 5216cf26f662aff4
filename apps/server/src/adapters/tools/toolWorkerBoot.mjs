// The tool worker thread's entry when the server runs from source (npm run dev, tests): registers tsx,
// then loads the worker itself. From the build the thread runs dist/toolWorker.js instead (ADR 0022). A plain .mjs because a worker's execArgv --import does not reach its main module on Node 20.
import { register } from "tsx/esm/api"

register()
await import("./toolWorker.ts")
