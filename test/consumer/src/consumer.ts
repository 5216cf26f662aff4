// Type-checked strict under moduleResolution bundler and node16 (tsconfig.*.json) against the packed
// declarations, with the consumer's own copy of effect (another 3.x minor than the workspace's): the
// core's layers and effects must fit the consumer's Layer and Effect types.
import { Analytics, type CorePorts, FileSaver, formatCount, Http, KeyValueStore, makeCoreLayer, Session } from "@mido/core"
import { makeMemoryAnalytics, makeMemoryFileSaver, makeMemoryHttp, MemoryHttpLayer, MemoryKeyValueStoreLayer } from "@mido/core/testing"
import { type Store, ToastStore } from "@mido/react"
import { Effect, Layer } from "effect"

export const label: string = formatCount(42)

const ports: Layer.Layer<CorePorts> = Layer.mergeAll(
  MemoryHttpLayer(makeMemoryHttp(() => undefined)),
  MemoryKeyValueStoreLayer(),
  Layer.succeed(Analytics, makeMemoryAnalytics().analytics),
  Layer.succeed(FileSaver, makeMemoryFileSaver().fileSaver)
)

export const services = makeCoreLayer(ports)
export const signedIn: Effect.Effect<boolean, never, Session> = Effect.map(Session, () => true)
export const needs: ReadonlyArray<unknown> = [Http, KeyValueStore]
export const toasts: ToastStore = new ToastStore()
export type AnyStore = Store
