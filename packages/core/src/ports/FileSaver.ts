import { Context, type Effect } from "effect"

/** Hands a finished file to the person: a browser download, or a file on disk for the harness. */
export interface FileSaverShape {
  readonly save: (file: { readonly name: string; readonly type: string; readonly bytes: Uint8Array }) => Effect.Effect<void>
}

export class FileSaver extends Context.Tag("@mido/core/FileSaver")<FileSaver, FileSaverShape>() {}
