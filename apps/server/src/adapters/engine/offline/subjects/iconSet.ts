import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { customIcons } from "./customIcons.js"
import { tableIcons } from "./subjectTable.js"

/**
 * The subjects' vector bodies: Fluent Emoji Flat (Microsoft, MIT; the @iconify-json/fluent-emoji-flat
 * package in Iconify JSON, 32 × 32 each; ADR 0013). The set's file is ~9 MB; it is read on the first
 * picture that needs it (never at import), and only the icons the word tables name are kept, so the
 * rest is garbage once the first picture is drawn. Server-side only: the web app never loads it.
 */
export const iconGrid = 32

const iconFile = () => createRequire(import.meta.url).resolve("@iconify-json/fluent-emoji-flat/icons.json")

interface IconSetFile {
  readonly icons: Readonly<Record<string, { readonly body: string } | undefined>>
  readonly aliases?: Readonly<Record<string, { readonly parent: string } | undefined>>
}

let loaded: ReadonlyMap<string, string> | undefined

/** The needed icons' bodies by name (the set's own first, then this project's drawings). */
const iconBodies = (): ReadonlyMap<string, string> => {
  if (loaded !== undefined) return loaded
  const set = JSON.parse(readFileSync(iconFile(), "utf8")) as IconSetFile
  const kept = new Map<string, string>()
  for (const name of tableIcons()) {
    const own = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ""]
    const body = own?.body ?? customIcons[name]
    if (body !== undefined) kept.set(name, body)
  }
  loaded = kept
  return kept
}

/** The body (SVG markup on the 32 × 32 grid) of a table icon; undefined for a name the tables do not use. */
export const iconBody = (name: string): string | undefined => iconBodies().get(name)

/** Icons the tables name that neither the set nor customIcons.ts can draw (a test keeps it empty). */
export const missingIcons = (): ReadonlyArray<string> => [...tableIcons()].filter((name) => !iconBodies().has(name))
