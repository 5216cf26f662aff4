import { mkdirSync, writeFileSync } from "node:fs"
import { basename, join } from "node:path"
import { Effect, Layer } from "effect"
import { FileSaver } from "../../ports/FileSaver.js"

/** FileSaver for the harness: writes into a directory, never outside it (the name is reduced to a base name). */
export const makeDirectoryFileSaver = (directory: string) =>
  FileSaver.of({
    save: (file) => Effect.sync(() => {
      mkdirSync(directory, { recursive: true })
      writeFileSync(join(directory, basename(file.name) || "download"), file.bytes)
    })
  })

export const DirectoryFileSaverLayer = (directory: string) => Layer.sync(FileSaver, () => makeDirectoryFileSaver(directory))
