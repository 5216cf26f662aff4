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

const kept = new Map<string, string>()
const sought = new Set<string>()

/** Reads the set once for every name not sought before, keeping the bodies of those it has. */
const keep = (names: Iterable<string>): void => {
  const wanted = [...names].filter((name) => !sought.has(name))
  if (wanted.length === 0) return
  const set = JSON.parse(readFileSync(iconFile(), "utf8")) as IconSetFile
  for (const name of wanted) {
    sought.add(name)
    const own = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ""]
    const body = own?.body ?? customIcons[name]
    if (body !== undefined) kept.set(name, body)
  }
}

/**
 * Makes sure these icons (beyond the word tables': the demo's avatars, the tools' covers) can be drawn,
 * reading the set at most once for all of them.
 */
export const keepIcons = (names: Iterable<string>): void => keep([...tableIcons(), ...names])

/** The body (SVG markup on the 32 × 32 grid) of a table icon or a kept one; undefined for any other name. */
export const iconBody = (name: string): string | undefined => {
  keep(tableIcons())
  return kept.get(name)
}

/** Icons the tables name that neither the set nor customIcons.ts can draw (a test keeps it empty). */
export const missingIcons = (): ReadonlyArray<string> => [...tableIcons()].filter((name) => iconBody(name) === undefined)
