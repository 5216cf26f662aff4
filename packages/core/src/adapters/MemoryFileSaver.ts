import { Effect } from "effect"
import { FileSaver } from "../ports/FileSaver.js"

export interface SavedFile {
  readonly name: string
  readonly type: string
  readonly bytes: Uint8Array
}

/** FileSaver that keeps what it was given, for tests. */
export const makeMemoryFileSaver = () => {
  const saved: Array<SavedFile> = []
  return { saved, fileSaver: FileSaver.of({ save: (file) => Effect.sync(() => void saved.push(file)) }) }
}
