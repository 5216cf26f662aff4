import { describe, expect, it } from "vitest"
import { buildInfotext, type InfotextInput, normaliseInfotextSection, quoteInfotextValue } from "./buildInfotext.js"

const params = (...pairs: ReadonlyArray<readonly [string, string]>) => pairs
const three = params(["Steps", "20"], ["Sampler", "Euler a"], ["Seed", "1"])

describe("infotext builder (docs/spec/same-style.md)", () => {
  it.each<readonly [string, string, InfotextInput, string]>([
    ["SD5", "prompt, negative prompt, parameter line", { prompt: "cat", negativePrompt: "dog", params: three }, "cat\nNegative prompt: dog\nSteps: 20, Sampler: Euler a, Seed: 1"],
    ["SD5", "no negative prompt line when it is empty", { prompt: "cat", negativePrompt: "", params: three }, "cat\nSteps: 20, Sampler: Euler a, Seed: 1"],
    ["SD5", "no empty first line when the prompt is empty", { prompt: "", negativePrompt: "dog", params: three }, "Negative prompt: dog\nSteps: 20, Sampler: Euler a, Seed: 1"],
    ["SD5", "parameters keep the given order", { prompt: "p", negativePrompt: "", params: params(["Seed", "1"], ["Steps", "2"], ["Size", "3x4"]) }, "p\nSeed: 1, Steps: 2, Size: 3x4"],
    ["SD5", "a label WebUI cannot read is skipped", { prompt: "p", negativePrompt: "", params: [...three, ["x", "1"], ["Bad,label", "2"], ["", "3"]] }, "p\nSteps: 20, Sampler: Euler a, Seed: 1"],
    ["SD5", "nothing at all", { prompt: "", negativePrompt: "", params: [] }, ""],
    ["SD7", "lines trimmed, outer blank lines dropped, inner kept", { prompt: "\n  a  \n\n\tb\r\n \n", negativePrompt: " \n c \n", params: three }, "a\n\nb\nNegative prompt: c\nSteps: 20, Sampler: Euler a, Seed: 1"],
    ["SD7", "Python whitespace is trimmed, \\ufeff is not", { prompt: "\x1c\u3000a\x85", negativePrompt: "\ufeffb", params: three }, "a\nNegative prompt: \ufeffb\nSteps: 20, Sampler: Euler a, Seed: 1"],
    ["SD7", "a blank negative prompt writes no line", { prompt: "a", negativePrompt: " \n\t", params: three }, "a\nSteps: 20, Sampler: Euler a, Seed: 1"],
    ["SD8", "two parameters: no parameter line", { prompt: "cat", negativePrompt: "dog", params: params(["Steps", "20"], ["Seed", "1"]) }, "cat\nNegative prompt: dog"],
    ["SD8", "one parameter and no prompt: empty text", { prompt: "", negativePrompt: "", params: params(["Steps", "20"]) }, ""],
    ["SD8", "three parameters and nothing else", { prompt: "", negativePrompt: "", params: three }, "Steps: 20, Sampler: Euler a, Seed: 1"]
  ])("%s %s", (_rule, _name, input, expected) => {
    expect(buildInfotext(input)).toBe(expected)
  })

  it.each([
    ["SD6", "plain value as is", "Euler a", "Euler a"],
    ["SD6", "comma", "DPM++ 2M, Karras", '"DPM++ 2M, Karras"'],
    ["SD6", "colon", "a:b", '"a:b"'],
    ["SD6", "newline", "a\nb", '"a\\nb"'],
    ["SD6", "leading double quote", '"x', '"\\"x"'],
    ["SD6", "inner double quote stays plain", 'a"b"', 'a"b"'],
    ["SD6", "leading space", " 7", '" 7"'],
    ["SD6", "trailing Python whitespace", "7\u3000", '"7\u3000"'],
    ["SD6", "empty value", "", '""'],
    ["SD6", "non-ASCII is not escaped", "欧拉, a", '"欧拉, a"'],
    ["SD6", "backslash in a quoted value", "a\\b,", '"a\\\\b,"']
  ])("%s %s", (_rule, _name, value, expected) => {
    expect(quoteInfotextValue(value)).toBe(expected)
  })

  it.each([
    ["SD7", "idempotent", " a \n\n b "],
    ["SD7", "all blank", " \n \t\n"]
  ])("%s normalising is %s", (_rule, _name, input) => {
    const once = normaliseInfotextSection(input)
    expect(normaliseInfotextSection(once)).toBe(once)
  })
})
