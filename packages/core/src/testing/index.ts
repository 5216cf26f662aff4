/** @mido/core/testing: the in-memory world for tests of code built on the core (stores, apps). */
export { envelope, type MemoryHandler, type MemoryHttp, makeMemoryHttp, MemoryHttpLayer } from "../adapters/MemoryHttp.js"
export { makeMemoryKeyValueStore, MemoryKeyValueStoreLayer } from "../adapters/MemoryKeyValueStore.js"
export { makeMemoryAnalytics } from "../adapters/MemoryAnalytics.js"
export { makeMemoryFileSaver, type SavedFile } from "../adapters/MemoryFileSaver.js"
export { keyValueStoreContract } from "./keyValueStoreContract.js"
export { runTest, runTestExit } from "./runTest.js"
export { type Disagreement, storedShapeAgreement, type StoredShapeAgreement } from "./storedShapeAgreement.js"
export { makeTestCore, storedLogin } from "./testCore.js"
export {
  makeMemoryServerEvents,
  type MemoryEventsHandler,
  type MemoryServerEvents,
  MemoryServerEventsLayer,
  refusedWithEnvelope,
  taskEvents
} from "../adapters/MemoryServerEvents.js"
export { type ApiExamples, routeExamples } from "../api/examples/routeExamples.js"
