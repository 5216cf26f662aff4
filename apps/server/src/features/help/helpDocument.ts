import type { HelpPageKey } from "@mido/core/navigation"
import type { HelpFacts } from "./helpFacts.js"

/**
 * A help page's content as data (spec §3 help links), rendered to HTML by helpHtml.ts with every
 * text escaped. Text may name another help page as `[[beanRules]]`: it becomes a link titled
 * 《米豆规则》. A `table` is a header row and body rows of plain text;
 * `cards` link other help pages with a one-line summary each.
 */
export type HelpBlock =
  | string
  | { readonly list: ReadonlyArray<string> }
  | { readonly steps: ReadonlyArray<string> }
  | { readonly note: string }
  | { readonly table: HelpTable }
  | { readonly image: { readonly src: string; readonly alt: string } }
  | { readonly cards: ReadonlyArray<{ readonly page: HelpPageKey; readonly summary: string }> }

export interface HelpTable {
  readonly head: ReadonlyArray<string>
  readonly rows: ReadonlyArray<ReadonlyArray<string>>
  /** short cells (names, prices, numbers) kept on one line; only the last column wraps */
  readonly compact?: boolean
}

export interface HelpSection {
  /** the section's anchor (`/help#contact`) */
  readonly id?: string
  readonly heading: string
  readonly blocks: ReadonlyArray<HelpBlock>
}

export interface HelpDocument {
  /** the first paragraph under the title */
  readonly lead: string
  /** shown as 更新日期 on agreements and policies */
  readonly updated?: string
  readonly sections: ReadonlyArray<HelpSection>
}

/** Pages that quote prices or rewards read them from the live commerce rows and config (helpFacts.ts). */
export type HelpDocumentBuilder = (facts: HelpFacts) => HelpDocument

/** The date the agreements and policies below took their present wording. */
export const HELP_TEXTS_UPDATED = "2026年11月1日"
