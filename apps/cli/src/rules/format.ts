import { formatBadge, formatCount, formatRelativeTime, snapAspectRatio } from "@mido/core"
import { Schema } from "effect"
import { defineRule } from "./RuleCommand.js"

const Count = Schema.Struct({ n: Schema.Number })

export const formatRules = [
  defineRule({
    name: "format.relativeTime",
    summary: "刚刚 / N分钟前 / N小时前 / N天前, then YYYY-MM-DD in China time (FM1–FM2)",
    input: Schema.Struct({ time: Schema.Number, now: Schema.Number }),
    run: ({ time, now }) => formatRelativeTime(time, now)
  }),
  defineRule({
    name: "format.count",
    summary: "a count, above 1000 as 1.5k, from a million as 1.2m (FM3)",
    input: Count,
    run: ({ n }) => formatCount(n)
  }),
  defineRule({
    name: "format.badge",
    summary: "badge text: \"\" for none, the count, 99+ above 99 (FM4)",
    input: Count,
    run: ({ n }) => formatBadge(n)
  }),
  defineRule({
    name: "format.aspectRatio",
    summary: "the nearest of 1:1, 3:4, 4:3, 9:16, 16:9 (FM5)",
    input: Schema.Struct({ width: Schema.Number, height: Schema.Number }),
    run: ({ width, height }) => snapAspectRatio(width, height)
  })
]
