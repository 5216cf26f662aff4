import { describe, expect, it } from "vitest"
import { promptTokenCount, tokenCounterText } from "./promptTokens.js"

describe("prompt token counter (docs/spec/webui.md, WT)", () => {
  it.each<readonly [string, string, string, number]>([
    ["WT1", "a LoRA tag is not counted", "cat <lora:ink_v2:0.8>", 1],
    ["WT1", "any extra-network tag is not counted", "<hypernet:x:1> dog", 1],
    ["WT2", "an attention weight and its brackets are not counted", "(cat:1.2)", 1],
    ["WT2", "emphasis brackets are not counted", "((cat)), [dog]", 3],
    ["WT2", "a negative weight is not counted", "(blur:-0.5)", 1],
    ["WT3", "common English words are one token each", "masterpiece, best quality", 4],
    ["WT3", "a comma run is one token", "cat,, dog", 3],
    ["WT3", "each digit is a token", "8k", 2],
    ["WT3", "a long word splits about every 12 letters", "photorealisticrendering", 2],
    ["WT4", "each Chinese character is one token", "一只猫", 3],
    ["WT4", "mixed Chinese and English", "水墨 cat", 3],
    ["WT1", "an empty prompt is 0", "", 0],
    ["WT1", "whitespace only is 0", " \n\t ", 0]
  ])("%s %s", (_rule, _name, prompt, expected) => {
    expect(promptTokenCount(prompt)).toBe(expected)
  })

  it.each<readonly [string, number, string]>([
    ["WT5", 0, "0/75"],
    ["WT5", 12, "12/75"],
    ["WT5", 75, "75/75"],
    ["WT5", 76, "76/150"],
    ["WT5", 151, "151/225"]
  ])("%s counter for %i tokens", (_rule, count, expected) => {
    expect(tokenCounterText(count)).toBe(expected)
  })
})
