/**
 * A kept answer's JSON text cut at its list items' per-viewer flags (issue 30, ADR 0027 "Since"): a
 * member's answer is the visitor's text with `true` or `false` put back at each cut, so the page is
 * not encoded again per member (the text is written once, when the shared answer is filled).
 *
 * The cuts are found, not guessed: each item's own JSON text must sit in the body, one after the
 * other, right after the first `"list":[` (the envelope's code and msg come before it and are the
 * server's own words); the flag's place in an item is where the item's text and the text of the same
 * item with that one flag flipped first differ. JSON.stringify writes an object's keys in their own
 * order, so the two texts differ exactly at that value. An answer where any of that does not hold
 * gets no template, and its member answers are encoded as before.
 */
export interface FlagTemplate {
  /** The body between the cuts: one more piece than there are cuts. */
  readonly pieces: ReadonlyArray<string>
  /** Each cut's item (index in the list) and flag name, in the body's order. */
  readonly cuts: ReadonlyArray<{ readonly item: number; readonly flag: string }>
}

/** One record per list item, in order: the viewer's value of each flag (a missing one is false). */
export type ItemFlags = ReadonlyArray<Readonly<Record<string, boolean>>>

const LIST_OPENS = '"list":['

const firstDifference = (a: string, b: string): number => {
  const length = Math.min(a.length, b.length)
  for (let at = 0; at < length; at++) if (a.charCodeAt(at) !== b.charCodeAt(at)) return at
  return length
}

/**
 * The template of `body`, the JSON text of an envelope whose data's list encodes as `items` (each
 * carrying every flag of `flags` as a boolean), or undefined when the body is not laid out as that.
 */
export const flagTemplate = (body: string, items: ReadonlyArray<unknown>, flags: ReadonlyArray<string>): FlagTemplate | undefined => {
  const opens = body.indexOf(LIST_OPENS)
  if (opens < 0) return undefined
  let at = opens + LIST_OPENS.length
  const found: Array<{ readonly offset: number; readonly length: number; readonly item: number; readonly flag: string }> = []
  for (const [index, item] of items.entries()) {
    if (item === null || typeof item !== "object") return undefined
    const fields = item as Readonly<Record<string, unknown>>
    const text = JSON.stringify(item)
    if (!body.startsWith(text, at)) return undefined
    for (const flag of flags) {
      const value = fields[flag]
      if (typeof value !== "boolean") return undefined
      const offset = at + firstDifference(text, JSON.stringify({ ...fields, [flag]: !value }))
      const written = String(value)
      if (!body.startsWith(written, offset)) return undefined
      found.push({ offset, length: written.length, item: index, flag })
    }
    at += text.length
    if (body[at] !== (index === items.length - 1 ? "]" : ",")) return undefined
    at += 1
  }
  if (items.length === 0 && body[at] !== "]") return undefined
  found.sort((a, b) => a.offset - b.offset)
  const pieces: Array<string> = []
  let from = 0
  for (const cut of found) {
    pieces.push(body.slice(from, cut.offset))
    from = cut.offset + cut.length
  }
  pieces.push(body.slice(from))
  return { pieces, cuts: found.map(({ item, flag }) => ({ item, flag })) }
}

/** The body with this viewer's flags written at the cuts. */
export const renderFlags = (template: FlagTemplate, flags: ItemFlags): string => {
  const { pieces, cuts } = template
  let text = pieces[0] ?? ""
  for (let index = 0; index < cuts.length; index++) {
    const cut = cuts[index]!
    text += (flags[cut.item]?.[cut.flag] === true ? "true" : "false") + pieces[index + 1]!
  }
  return text
}

/**
 * The structured form of the same answer: the shared list's items with the viewer's flags (an item
 * whose flags are all as shared stays the shared object: every reader holds it, nobody changes it).
 */
export const withItemFlags = <Item extends object>(list: ReadonlyArray<Item>, flags: ItemFlags, names: ReadonlyArray<string>): Array<Item> =>
  list.map((item, index) => {
    const mine = flags[index]
    const fields = item as Readonly<Record<string, unknown>>
    if (mine === undefined || names.every((name) => (mine[name] === true) === fields[name])) return item
    const copy: Record<string, unknown> = { ...fields }
    for (const name of names) copy[name] = mine[name] === true
    return copy as Item
  })
