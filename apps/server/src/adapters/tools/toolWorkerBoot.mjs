// The tool worker thread's entry: registers tsx (the server runs its TypeScript sources through it),
// then loads the worker itself. A plain .mjs because a worker's execArgv --import does not reach its main module on Node 20.
import { register } from "tsx/esm/api"

register()
await import("./toolWorker.ts")
