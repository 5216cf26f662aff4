import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { TaskPointsPayload } from "../../api/schemas/TaskPoints.js"
import { TaskSubmit } from "../../api/schemas/TaskSubmit.js"
import { DEFAULT_TASK_PRICES, memberCost, priceTask, type TaskPrices, taskCostInputOf } from "./taskCost.js"

const P = DEFAULT_TASK_PRICES
type PriceRow = readonly [rule: string, name: string, input: TaskPointsPayload, prices: TaskPrices, beans: number]

const priceRows: ReadonlyArray<PriceRow> = [
  ["GC1", "quick, 1 image", { type: "quick", num: 1 }, P, 4],
  ["GC1", "quick, 4 images", { type: "quick", num: 4, style_group: "default" }, P, 16],
  ["GC1", "quick pro adds 2 per image", { type: "quick", num: 2, style_group: "pro" }, P, 12],
  ["GC1", "quick pro and hd: (4 + 2) × 2 × 2", { type: "quick", num: 2, hd: true, style_group: "pro" }, P, 24],
  ["GC1", "an hd multiplier below 1 counts as 1", { type: "quick", num: 1, hd: true }, { ...P, hdMultiplier: 0 }, 4],
  ["GC2", "quick_mj, 4 images", { type: "quick_mj", num: 4, ratio: "3:4" }, P, 40],
  ["GC2", "quick_mj hd doubles", { type: "quick_mj", num: 1, hd: true }, P, 20],
  ["GC2", "quick_mj ignores a style group", { type: "quick_mj", num: 1, style_group: "pro" }, P, 10],
  ["GC3", "sd, 2 images", { type: "sd", num: 2 }, P, 12],
  ["GC3", "sd with hires: (6 + 4) × 3", { type: "sd", num: 3, hires: true }, P, 30],
  ["GC3", "sd ignores hd", { type: "sd", num: 1, hd: true }, P, 6],
  ["GC4", "agent, 4 images", { type: "agent", num: 4 }, P, 32],
  ["GC5", "tool hd-repair, once", { type: "tool", num: 1, tool: "hd-repair" }, P, 6],
  ["GC5", "tool discount ignores num", { type: "tool", num: 4, tool: "discount" }, P, 4],
  ["GC5", "tool without a tool key costs 0", { type: "tool", num: 1 }, P, 0],
  ["GC5", "a fractional price is floored", { type: "quick", num: 2 }, { ...P, quick: 2.9 }, 4],
  ["GC5", "a negative price is 0", { type: "sd", num: 2 }, { ...P, sd: -3 }, 0]
]

describe("GC1–GC5 priceTask", () => {
  it.each(priceRows)("%s %s", (_rule, _name, input, prices, beans) => {
    expect(priceTask(input, prices)).toBe(beans)
  })
})

type MemberRow = readonly [rule: string, name: string, original: number, rate: string | undefined, member: boolean, expected: unknown]

const memberRows: ReadonlyArray<MemberRow> = [
  ["GC6", "a member pays 80%", 40, "0.8", true, { points: 32, original_points: 40 }],
  ["GC6", "floored to whole beans: 7 × 0.8 = 5.6 → 5", 7, "0.8", true, { points: 5, original_points: 7 }],
  ["GC6", "exact decimals: 10 × 0.7 = 7, not 6.999…", 10, "0.7", true, { points: 7, original_points: 10 }],
  ["GC6", "not a member: full price", 40, "0.8", false, { points: 40 }],
  ["GC6", "rate 1: no discount shown", 40, "1", true, { points: 40 }],
  ["GC6", "rate 1.00: no discount shown", 40, "1.00", true, { points: 40 }],
  ["GC6", "rate 0: free for members", 40, "0", true, { points: 0, original_points: 40 }],
  ["GC6", "rate above 1 ignored", 40, "1.5", true, { points: 40 }],
  ["GC6", "negative rate ignored", 40, "-0.5", true, { points: 40 }],
  ["GC6", "unreadable rate ignored", 40, "八折", true, { points: 40 }],
  ["GC6", "missing rate ignored", 40, undefined, true, { points: 40 }],
  ["GC6", "a free task stays free", 0, "0.8", true, { points: 0 }]
]

describe("GC6 memberCost", () => {
  it.each(memberRows)("%s %s", (_rule, _name, original, rate, member, expected) => {
    expect(memberCost(original, rate, member)).toEqual(expected)
  })
})

const decodeSubmit = Schema.decodeUnknownSync(TaskSubmit)
const encodePoints = Schema.encodeSync(TaskPointsPayload)

type InputRow = readonly [rule: string, name: string, submit: unknown, input: unknown]

const inputRows: ReadonlyArray<InputRow> = [
  ["GC7", "quick keeps ratio, hd and the style group", { type: "quick", num: 2, ratio: "3:4", hd: true, style_group: "pro", style_name: "水彩" }, { type: "quick", num: 2, ratio: "3:4", hd: true, style_group: "pro" }],
  ["GC7", "quick_mj keeps ratio and hd", { type: "quick_mj", num: 4, prompt: "猫", version: "v7", hd: false }, { type: "quick_mj", num: 4, hd: false }],
  ["GC7", "sd: hires on", { type: "sd", num: 2, prompt: "cat", checkpoint: "m", sampler: "Euler a", steps: 20, cfg_scale: 7, width: 512, height: 512, seed: -1, hires: { scale: 2, upscaler: "Latent", steps: 10, denoising: 0.5 } }, { type: "sd", num: 2, hires: true }],
  ["GC7", "sd: hires off", { type: "sd", num: 1, prompt: "cat", checkpoint: "m", sampler: "Euler a", steps: 20, cfg_scale: 7, width: 512, height: 512, seed: -1 }, { type: "sd", num: 1, hires: false }],
  ["GC7", "agent: the count", { type: "agent", num: 3, prompt: "画一只猫" }, { type: "agent", num: 3 }],
  ["GC7", "tool: one run of the tool", { type: "tool", tool: "redraw", image_url: "/u/a.png", mask_url: "/u/m.png", prompt: "花" }, { type: "tool", num: 1, tool: "redraw" }]
]

describe("GC7 taskCostInputOf: the preview and the charge read the same figures", () => {
  it.each(inputRows)("%s %s", (_rule, _name, submit, input) => {
    const derived = taskCostInputOf(decodeSubmit(submit))
    expect(derived).toMatchObject(input as object)
    // the derived input is a valid points payload, so the points call could be sent it
    expect(() => encodePoints(derived)).not.toThrow()
  })
})
