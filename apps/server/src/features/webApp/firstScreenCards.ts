import { type ArtworkCard, formatCount, formatRelativeTime, snapAspectRatio } from "@mido/core"
import { escapeHtml } from "./escapeHtml.js"

/**
 * The first cards of the square as plain HTML (issue 30 target 2, ADR 0028 "Since"): the masonry the
 * app draws (packages/react/src/stores/square/masonryLayout.ts) at every width it can have, in CSS,
 * so the cards stand where the app's will stand whatever the window's width, before any script
 * has run. The server cannot know the width, but it knows everything else: the lanes are
 * floor((width + 16) / 236) up to 6, a column is floor((width − 16·(lanes − 1)) / lanes) px wide, a
 * card is round(column × down / across) px tall with its ratio snapped to one of five, and each card
 * after the first row goes to the shortest column. With five heights only, a card's top is a sum of
 * "so many cards of each ratio, so many gaps", which CSS computes from the container's width
 * (`cqw`) with the same floor and rounding; the lane each card takes is decided here, per run of
 * column widths that agree (a variant, one @container rule each).
 */

/** SQUARE_MASONRY of @mido/react. */
const MIN_COLUMN = 220
const MAX_LANES = 6
const GAP = 16
/** Three rows at six columns: the first screen of a 1920×1080 window; what is below comes with the app. */
export const FIRST_SCREEN_CARDS = 18
/** The first row at six columns is loaded at once and first (the HTML preloads those pictures too). */
const EAGER_CARDS = 6

/** The five snapped ratios as "across:down", and the CSS variable each one's card height is in. */
const RATIO_VARIABLES: Readonly<Record<string, string>> = { "1:1": "--q11", "3:4": "--q34", "4:3": "--q43", "9:16": "--q916", "16:9": "--q169" }

interface Placement {
  readonly lane: number
  /** How many cards of each ratio stand above this one in its lane. */
  readonly above: Readonly<Record<string, number>>
  readonly gaps: number
}

/** One way the cards fall into lanes, and the container widths (px, `to` exclusive) that give it. */
interface Variant {
  readonly lanes: number
  readonly from: number
  readonly to: number
  readonly cards: ReadonlyArray<Placement>
  /** The longest lane: the masonry's height. */
  readonly tallest: Placement
}

/** masonryLayout itself, at one column width: which lane each card takes, and what stands above it. */
const placements = (ratios: ReadonlyArray<string>, lanes: number, column: number): Omit<Variant, "from" | "to"> => {
  const ends = new Array<number>(lanes).fill(0)
  const lastIndex = new Array<number>(lanes).fill(-1)
  const stacks = Array.from({ length: lanes }, () => ({ above: {} as Record<string, number>, gaps: 0 }))
  const cards = ratios.map((ratio, index) => {
    let lane = index < lanes ? index : 0
    if (index >= lanes) {
      for (let candidate = 1; candidate < lanes; candidate++) {
        if (ends[candidate]! < ends[lane]! || (ends[candidate] === ends[lane] && lastIndex[candidate]! < lastIndex[lane]!)) lane = candidate
      }
    }
    const stack = stacks[lane]!
    const placement: Placement = { lane, above: { ...stack.above }, gaps: stack.gaps }
    const [across, down] = ratio.split(":").map(Number) as [number, number]
    ends[lane] = (index < lanes ? 0 : ends[lane]! + GAP) + Math.round((column * down) / across)
    lastIndex[lane] = index
    stack.above[ratio] = (stack.above[ratio] ?? 0) + 1
    stack.gaps += 1
    return placement
  })
  const longest = stacks[ends.indexOf(Math.max(...ends))]!
  return { lanes, cards, tallest: { lane: 0, above: longest.above, gaps: Math.max(0, longest.gaps - 1) } }
}

/** The narrowest column width tried with one lane (a phone); narrower windows take its lanes. */
const NARROWEST_COLUMN = 200
/** The widest column with six lanes: the square's section is at most 1920 px wide. */
const WIDEST_COLUMN = Math.floor((1920 - GAP * (MAX_LANES - 1)) / MAX_LANES)

/**
 * Every way the cards fall into lanes as the window widens: the gaps weigh more beside narrow columns,
 * so the lane a card takes depends on the column's width, not only on the lane count. Each column
 * width is laid out as the app does, and runs of widths that agree make one variant.
 */
const variants = (ratios: ReadonlyArray<string>): ReadonlyArray<Variant> => {
  const found: Array<Variant & { readonly key: string }> = []
  for (let lanes = 1; lanes <= MAX_LANES; lanes++) {
    const widthFor = (column: number) => lanes * column + GAP * (lanes - 1)
    const start = lanes === 1 ? 0 : lanes * (MIN_COLUMN + GAP) - GAP
    const end = lanes === MAX_LANES ? Number.POSITIVE_INFINITY : (lanes + 1) * (MIN_COLUMN + GAP) - GAP
    const first = lanes === 1 ? NARROWEST_COLUMN : Math.floor((start - GAP * (lanes - 1)) / lanes)
    const last = lanes === MAX_LANES ? WIDEST_COLUMN : Math.floor((end - 1 - GAP * (lanes - 1)) / lanes)
    for (let column = first; column <= last; column++) {
      const placed = placements(ratios, lanes, column)
      const key = `${lanes}:${placed.cards.map((card) => card.lane).join(",")}`
      const previous = found.at(-1)
      const to = Math.min(end, widthFor(column + 1))
      if (previous !== undefined && previous.key === key) found[found.length - 1] = { ...previous, to }
      else found.push({ ...placed, key, from: column === first ? start : widthFor(column), to })
    }
    found[found.length - 1] = { ...found.at(-1)!, to: end }
  }
  return found
}

const offset = (above: Readonly<Record<string, number>>, gaps: number): string => {
  const terms = Object.entries(above).map(([ratio, count]) => `${count} * var(${RATIO_VARIABLES[ratio]})`)
  return terms.length === 0 ? "0px" : `calc(${terms.join(" + ")} + ${gaps * GAP}px)`
}

/** One @container rule per variant: its width range, its column width, and which lane and top each card takes. */
const variantRules = (found: ReadonlyArray<Variant>): string =>
  found
    .map(({ lanes, from, to }, index) => {
      const range = [from === 0 ? "" : `(min-width: ${from}px)`, to === Number.POSITIVE_INFINITY ? "" : `(max-width: ${to - 0.01}px)`].filter(Boolean).join(" and ")
      // + 0.01px: layout units make an exact 236 px come out as 235.99…, which round(down) would take to 235
      const column = `round(down, (100cqw - ${GAP * (lanes - 1)}px) / ${lanes} + 0.01px, 1px)`
      return `@container mido-square ${range} { .fs-masonry { --cw: ${column}; height: var(--h${index}); } .fs-card { --lane: var(--l${index}); --top: var(--t${index}); } }`
    })
    .join("\n")

/** The first screen's masonry rules for these cards (a <style> in the head: the CSP allows inline styles, R17). */
export const firstScreenCardStyle = (cards: ReadonlyArray<ArtworkCard>): string =>
  [
    ".fs-lanes { container: mido-square / inline-size; }",
    ".fs-masonry { position: relative; --q11: round(var(--cw), 1px); --q34: round(var(--cw) * 4 / 3, 1px); --q43: round(var(--cw) * 3 / 4, 1px); --q916: round(var(--cw) * 16 / 9, 1px); --q169: round(var(--cw) * 9 / 16, 1px); }",
    ".fs-card { position: absolute; top: 0; left: 0; display: block; width: var(--cw); height: var(--q); transform: translate(calc(var(--lane) * (var(--cw) + 16px)), var(--top)); }",
    variantRules(variants(ratiosOf(cards)))
  ].join("\n")

const ratiosOf = (cards: ReadonlyArray<ArtworkCard>): ReadonlyArray<string> =>
  cards.slice(0, FIRST_SCREEN_CARDS).map((card) => snapAspectRatio(card.width, card.height))

/** SquareCard's outline heart (a visitor's: not liked). */
const HEART = `<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2"><path d="M12 20.5s-7.5-4.6-9.4-9.3C1.3 7.9 3.5 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.5 0 5.7 3.4 4.4 6.7-1.9 4.7-9.4 9.3-9.4 9.3Z" stroke-linejoin="round"/></svg>`

/** The card's picture at the sizes the app's card asks for (cardImage.ts), so the browser downloads it once. */
export interface CardPicture {
  readonly srcset: string | undefined
  readonly sizes: string
}

const cardHtml = (card: ArtworkCard, index: number, picture: CardPicture, style: string, now: number): string => {
  const title = escapeHtml(card.title || `${card.user_name}的作品`)
  const eager = index < EAGER_CARDS
  const image = [
    `src="${escapeHtml(card.cover)}"`,
    ...(picture.srcset === undefined ? [] : [`srcset="${escapeHtml(picture.srcset)}" sizes="${picture.sizes}"`]),
    `alt="${title}"`,
    eager ? `loading="eager" fetchpriority="high"` : `loading="lazy" decoding="async"`,
    `draggable="false" elementtiming="square-card"`,
    `class="h-full w-full object-cover transition-[opacity,transform] duration-300 group-hover:scale-[1.03]"`
  ].join(" ")
  const aigc = card.aigc_label === undefined ? "" : `<span class="pointer-events-none absolute top-2 left-2 inline-flex h-5 items-center rounded-sm bg-black/55 px-1.5 text-[11px] leading-none font-medium whitespace-nowrap text-white">${card.aigc_label === 1 ? "AI生成" : "疑似AI生成"}</span>`
  // the hover line as the app's card has it; the like count without a heart state: a visitor's page
  // says nothing of a member's likes, and a member's own cards replace these when their page arrives
  return `<a href="/list?artwork=${card.id}" class="fs-card group" style="${style}" data-testid="first-screen-card" data-artwork-id="${card.id}" aria-label="${title}">` +
    `<span class="relative block h-full w-full overflow-hidden rounded-lg bg-gray-100"><img ${image}>${aigc}` +
    `<span class="pointer-events-none absolute inset-x-0 bottom-0 flex items-end bg-linear-to-t from-black/65 via-black/25 to-transparent px-3 pt-10 pb-2.5 text-white opacity-0 transition-opacity duration-200 group-hover:opacity-100 group-focus-visible:opacity-100">` +
    `<span class="min-w-0 max-w-[70%]"><span class="block truncate text-sm leading-5 font-medium">${escapeHtml(card.user_name)}</span><span class="block text-xs leading-4 text-white/75">${escapeHtml(formatRelativeTime(card.created_at * 1000, now))}</span></span></span>` +
    `<span class="absolute top-2 right-2 flex h-7 items-center gap-1 rounded-full bg-black/45 px-2.5 text-xs font-medium text-white opacity-0 transition-opacity duration-200 group-hover:opacity-100">${HEART}<span>${escapeHtml(formatCount(card.stat.like_count))}</span></span>` +
    `</span></a>`
}

/**
 * The masonry's HTML for the first FIRST_SCREEN_CARDS cards: each card carries its lane and top in
 * every variant (--l0, --t0, --l1, --t1, …) and its height's variable; the container its height in each.
 */
export const firstScreenCardsHtml = (cards: ReadonlyArray<ArtworkCard>, pictureOf: (card: ArtworkCard) => CardPicture, now = Date.now()): string => {
  const shown = cards.slice(0, FIRST_SCREEN_CARDS)
  const ratios = ratiosOf(shown)
  const byLanes = variants(ratios)
  const heights = byLanes.map((placed, index) => `--h${index}: ${offset(placed.tallest.above, placed.tallest.gaps)}`)
  const items = shown.map((card, index) => {
    const style = [`--q: var(${RATIO_VARIABLES[ratios[index]!]})`, ...byLanes.flatMap(({ cards: placed }, variant) => [`--l${variant}: ${placed[index]!.lane}`, `--t${variant}: ${offset(placed[index]!.above, placed[index]!.gaps)}`])].join("; ")
    return cardHtml(card, index, pictureOf(card), style, now)
  })
  return `<div class="fs-lanes w-full"><div class="fs-masonry w-full" style="${heights.join("; ")}">${items.join("")}</div></div>`
}
