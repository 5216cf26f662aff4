import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { buildInfotext, normaliseInfotextSection } from "./buildInfotext.js"
import { scanInfotextPairs } from "./infotextPairs.js"
import { parseInfotext } from "./parseInfotext.js"
import { findall, parseGenerationParameters, pyStrip, reImagesize } from "./webuiParseOracle.js"

// ---------------------------------------------------------------------------------------------
// Generators that aim at the edges: separators, quotes, Python-only whitespace, lone surrogates,
// text that looks like a parameter line or a "Negative prompt:" line.
// ---------------------------------------------------------------------------------------------
const tricky = fc.constantFrom(
  ",", ":", "\n", "\r", "\r\n", '"', "\\", " ", "\t", "\v", "\x1c", "\x85", "\u00a0", "\u2028", "\u3000", "\ufeff",
  "x", "5", "٥", "-", "/", "_", "é", "字", "😀", "\ud800", "\udc00", "{}", "Negative prompt:", "<lora:a:", ">",
  "Steps: 20, ", "(word:1.2)", "512x512", "a: 1, b: 2, c: 3", '"q"', "\\\""
)
const unit = fc.oneof({ weight: 3, arbitrary: tricky }, { weight: 2, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) })
const text = fc.string({ unit, maxLength: 12 })
const LABELS = ["Steps", "Sampler", "Schedule type", "CFG scale", "Size", "Seed", "Lora hashes", "Hires upscale"]
const params = fc
  .subarray(LABELS)
  .chain((labels) => fc.tuple(...labels.map((label) => fc.tuple(fc.constant(label), fc.oneof(text, fc.constantFrom("512x512", "٥x٥", "0x9"))))))
const infotextInput = fc.record({ prompt: text, negativePrompt: text, params })

const NEGATIVE = "Negative prompt:"
/** Limits of the infotext format itself, documented in docs/spec/same-style.md (SD9). */
const representable = (input: { prompt: string; negativePrompt: string; params: ReadonlyArray<readonly [string, string]> }, built: string): boolean => {
  const promptLines = normaliseInfotextSection(input.prompt).split("\n")
  const negativeLines = normaliseInfotextSection(input.negativePrompt).split("\n").slice(1)
  const lastLine = built.split("\n").pop() ?? ""
  return (
    !promptLines.some((line) => line.startsWith(NEGATIVE)) &&
    !negativeLines.some((line) => line.startsWith(NEGATIVE)) &&
    (input.params.length >= 3 || findall(lastLine).length < 3) &&
    !input.params.some(([, value]) => /^\p{Nd}+x\p{Nd}+\n$/u.test(value))
  )
}

/** What WebUI should hold after reading: the prompt parts normalised, each written value back. */
const expectWebuiReadsBack = (input: { prompt: string; negativePrompt: string; params: ReadonlyArray<readonly [string, string]> }, read: Map<string, string>) => {
  expect(read.get("Prompt")).toBe(normaliseInfotextSection(input.prompt))
  expect(read.get("Negative prompt")).toBe(normaliseInfotextSection(input.negativePrompt))
  const written = input.params.length >= 3 ? input.params : []
  const expectedKeys = ["Prompt", "Negative prompt"]
  for (const [label, value] of written) {
    if (reImagesize.test(value)) {
      expect(`${read.get(`${label}-1`)}x${read.get(`${label}-2`)}`).toBe(value)
      expectedKeys.push(`${label}-1`, `${label}-2`)
    } else {
      expect(read.get(label)).toBe(value)
      expectedKeys.push(label)
    }
  }
  expect([...read.keys()].sort()).toEqual(expectedKeys.sort())
}

const six = (overrides: Partial<Record<string, string>> = {}): ReadonlyArray<readonly [string, string]> =>
  Object.entries({ Steps: "20", Sampler: "Euler a", "Schedule type": "Karras", "CFG scale": "7", Size: "512x768", Seed: "1234", ...overrides })
    .filter((entry): entry is [string, string] => entry[1] !== undefined)

describe("SD9 WebUI (AUTOMATIC1111 parse_generation_parameters) reads the built text back", () => {
  it.each([
    ["SD9", "a typical sd artwork", { prompt: "1girl, (masterpiece:1.2)", negativePrompt: "lowres, bad hands", params: six() }],
    ["SD9", "values with comma, colon, newline, quotes", { prompt: "p", negativePrompt: "", params: six({ Sampler: "DPM++ 2M, SDE", "Schedule type": "a:b", Seed: "1\n2", "CFG scale": '"7"' }) }],
    ["SD9", "values with edge whitespace and empty", { prompt: "p", negativePrompt: "n", params: six({ Sampler: " Euler ", Seed: "", Steps: "\u3000" }) }],
    ["SD9", "a size that is not WxH", { prompt: "p", negativePrompt: "n", params: six({ Size: "512 x 768" }) }],
    ["SD9", "multi-line prompt and negative with inner blank lines", { prompt: "  a\n\n b  \n", negativePrompt: "\n c\n\nd", params: six() }],
    ["SD9", "only a negative prompt", { prompt: " \n ", negativePrompt: "worst quality", params: six() }],
    ["SD9", "a prompt that looks like parameters, with a parameter line", { prompt: "a: 1, b: 2, c: 3", negativePrompt: "", params: six() }],
    ["SD9", "fewer than 3 params: no parameter line, prompt intact", { prompt: "cat", negativePrompt: "dog", params: [["Steps", "20"], ["Seed", "1"]] as const }],
    ["SD9", "Chinese prompt and Python-only whitespace", { prompt: "\x1c一只猫\x85", negativePrompt: "\ufeff模糊", params: six({ Sampler: "欧拉" }) }]
  ])("%s %s", (_rule, _name, input) => {
    const built = buildInfotext(input)
    expect(representable(input, built)).toBe(true)
    expectWebuiReadsBack(input, parseGenerationParameters(built))
  })

  it("SD9 any representable input round-trips through WebUI's parser (property)", () => {
    fc.assert(
      fc.property(infotextInput, (input) => {
        const built = buildInfotext(input)
        fc.pre(representable(input, built))
        expectWebuiReadsBack(input, parseGenerationParameters(built))
      }),
      { numRuns: 3000 }
    )
  })

  it.each([
    ["SD9", "limit: a prompt line starting with Negative prompt: ends the prompt", { prompt: "a\nNegative prompt: b", negativePrompt: "", params: six() }, "a", "b"],
    ["SD9", "limit: without a parameter line, a last line of 3 pairs is read as parameters", { prompt: "(cat:1.2), (dog:1.1), (sky:0.8)", negativePrompt: "", params: [] }, "", ""]
  ] as const)("%s %s", (_rule, _name, input, prompt, negativePrompt) => {
    const built = buildInfotext(input)
    expect(representable(input, built)).toBe(false)
    const read = parseGenerationParameters(built)
    expect([read.get("Prompt"), read.get("Negative prompt")]).toEqual([prompt, negativePrompt])
    expect(parseInfotext(built)).toMatchObject({ prompt, negativePrompt })
  })
})

describe("IT our parser agrees with WebUI's", () => {
  const lineOrText = fc.array(text, { maxLength: 5 }).map((parts) => parts.join(""))

  it("IT2 scanInfotextPairs finds exactly the pairs of WebUI's re_param (property)", () => {
    fc.assert(
      fc.property(lineOrText.map((line) => line.replace(/\n/g, "")), (line) => {
        expect(scanInfotextPairs(line).map((pair) => [pair.label, pair.value])).toEqual(findall(line))
      }),
      { numRuns: 5000 }
    )
  })

  it("IT1 prompt and negative prompt match WebUI on any text (property)", () => {
    fc.assert(
      fc.property(lineOrText, (input) => {
        const lastLine = pyStrip(input).split("\n").pop() ?? ""
        fc.pre(!findall(lastLine).some(([label]) => label === "Prompt" || label === "Negative prompt"))
        const read = parseGenerationParameters(input)
        const ours = parseInfotext(input)
        expect([ours.prompt, ours.negativePrompt]).toEqual([read.get("Prompt"), read.get("Negative prompt")])
        const split = Object.entries(ours.params).some(([label, value]) => reImagesize.test(value) || /-[12]$/.test(label))
        if (!split) {
          read.delete("Prompt")
          read.delete("Negative prompt")
          expect(ours.params).toEqual(Object.fromEntries(read))
        }
      }),
      { numRuns: 5000 }
    )
  })
})
