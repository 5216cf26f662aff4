import { compare, type Decimal, floorToUnits, multiply, parseDecimal } from "../money/decimal.js"
import type { GenerationTask, GenerationToolKey, TaskCostInput } from "./GenerationTask.js"

const ONE: Decimal = { units: 1n, scale: 0 }

/** Beans per image (per run for tools), as the server reads them from config (GC1–GC5). */
export interface TaskPrices {
  /** quick (快捷绘画), per image */
  readonly quick: number
  /** quick_mj (MJ 模型), per image */
  readonly quickMj: number
  /** HD output multiplies a quick or quick_mj task's cost; below 1 counts as 1 */
  readonly hdMultiplier: number
  /** a pro style adds this per quick image */
  readonly proExtra: number
  /** sd (Stable Diffusion), per image */
  readonly sd: number
  /** hires fix adds this per sd image */
  readonly sdHiresExtra: number
  /** agent (智能助手), per image */
  readonly agent: number
  /** each tool, per run (a tool makes one image) */
  readonly tools: Readonly<Record<GenerationToolKey, number>>
}

/**
 * The prices a fresh server seeds (operators change the config rows, not these). quick 4, quick_mj
 * 10, HD ×2 and pro +2 are the figures the points call has always used; sd costs a little more than
 * quick (the user picks the model and the steps), hires fix about doubles an sd image's work, an agent
 * image sits between quick and MJ, and a tool run costs what one quick image does, more for the
 * tools that redraw (hd-repair, style-avatar, old-photo-restoration, redraw).
 */
export const DEFAULT_TASK_PRICES: TaskPrices = {
  quick: 4,
  quickMj: 10,
  hdMultiplier: 2,
  proExtra: 2,
  sd: 6,
  sdHiresExtra: 4,
  agent: 8,
  tools: {
    "hd-repair": 6,
    discount: 4,
    "remove-watermark": 4,
    "element-elimination": 4,
    "style-avatar": 6,
    "old-photo-restoration": 6,
    redraw: 6
  }
}

/** A price from config may be anything: a whole number of beans ≥ 0, otherwise 0. */
const whole = (value: number): number => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0)

/**
 * GC1–GC5: what a task costs before any member discount, in whole beans.
 * GC1 quick: (quick + proExtra for a pro style) × num, × hdMultiplier when hd.
 * GC2 quick_mj: quickMj × num, × hdMultiplier when hd.
 * GC3 sd: (sd + sdHiresExtra when hires) × num.
 * GC4 agent: agent × num.
 * GC5 tool: the tool's price, once (num is ignored; a tool without a tool key costs 0, and the
 * server refuses it before pricing).
 */
export const priceTask = (input: TaskCostInput, prices: TaskPrices): number => {
  const hd = input.hd === true ? Math.max(1, whole(prices.hdMultiplier)) : 1
  switch (input.type) {
    case "quick":
      return (whole(prices.quick) + (input.style_group === "pro" ? whole(prices.proExtra) : 0)) * input.num * hd
    case "quick_mj":
      return whole(prices.quickMj) * input.num * hd
    case "sd":
      return (whole(prices.sd) + (input.hires === true ? whole(prices.sdHiresExtra) : 0)) * input.num
    case "agent":
      return whole(prices.agent) * input.num
    case "tool":
      return input.tool === undefined ? 0 : whole(prices.tools[input.tool])
  }
}

/**
 * GC6: what a member pays: the cost × the member rate (decimal text such as "0.8"), floored to whole
 * beans. The rate is ignored (full price) when it is missing, unreadable, negative or above 1, and
 * for someone who is not a member. `original_points` is there only when the member pays less.
 */
export const memberCost = (original: number, memberRate: string | undefined, member: boolean): { points: number; original_points?: number } => {
  const rate = memberRate === undefined ? undefined : parseDecimal(memberRate)
  const usable = rate !== undefined && rate.units >= 0n && compare(rate, ONE) <= 0
  if (!member || !usable) return { points: original }
  const discounted = Number(floorToUnits(multiply({ units: BigInt(original), scale: 0 }, rate), 0))
  return discounted < original ? { points: discounted, original_points: original } : { points: original }
}

/**
 * GC7: the figures of a submit that decide its price, so the preview (the points call) and the charge
 * at submit read the same input: type, count, ratio, hd, the style group, hires on or off, the tool.
 */
export const taskCostInputOf = (submit: GenerationTask): TaskCostInput => {
  switch (submit.type) {
    case "quick":
      return { type: "quick", num: submit.num, ratio: submit.ratio, hd: submit.hd, style_group: submit.style_group }
    case "quick_mj":
      return { type: "quick_mj", num: submit.num, ratio: submit.ratio, hd: submit.hd }
    case "sd":
      return { type: "sd", num: submit.num, hires: submit.hires !== undefined }
    case "agent":
      return { type: "agent", num: submit.num }
    case "tool":
      return { type: "tool", num: 1, tool: submit.tool }
  }
}
