import type { RuleCommand } from "../rules/RuleCommand.js"
import { runRule } from "./rule.js"

/** A tour of the core's rules with the demo data a newcomer would try first. */
const examples: ReadonlyArray<{ readonly title: string; readonly rule: string; readonly input: unknown }> = [
  {
    title: "月度会员 ¥29.9，九折优惠码",
    rule: "coupon.apply",
    input: {
      code: "MIDO90",
      item: { kind: "plan", price: 29.9 },
      coupon: { discount_amount: 0.9, minimum_amount: 0, status: "unused", scope: "plan,points", type: "discount" }
    }
  },
  {
    title: "积分包 ¥9.9，满 10 元可用的优惠码",
    rule: "coupon.apply",
    input: {
      code: "FULL10",
      item: { kind: "points", price: 9.9 },
      coupon: { discount_amount: 5, minimum_amount: 10, status: "unused", scope: "points", type: "threshold" }
    }
  }
]

export const runDemo = (rules: ReadonlyArray<RuleCommand>): string => {
  const known = new Set(rules.map((rule) => rule.name))
  const sections = examples
    .filter((example) => known.has(example.rule))
    .map((example) => {
      const result = runRule(rules, example.rule, JSON.stringify(example.input))
      return [`# ${example.title}`, `$ mido rule ${example.rule} <<< '${JSON.stringify(example.input)}'`, result.stdout.trimEnd()].join("\n")
    })
  return `米豆AI 核心规则演示 (Mido core demo)\n\n${sections.join("\n\n")}\n\nmido rule --list 列出全部规则。\n`
}
