import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { buildInfotext, normaliseInfotextSection } from "./buildInfotext.js"
import { scanInfotextPairs, unquoteInfotextValue } from "./infotextPairs.js"
import { parseInfotext, type ParsedInfotext } from "./parseInfotext.js"

const LINE = "Steps: 20, Sampler: Euler a, CFG scale: 7"
const PARAMS = { Steps: "20", Sampler: "Euler a", "CFG scale": "7" }

describe("infotext parser (docs/spec/infotext.md)", () => {
  it.each<readonly [string, string, string, ParsedInfotext]>([
    ["IT1", "prompt, negative prompt, parameters", `cat\nNegative prompt: dog\n${LINE}`, { prompt: "cat", negativePrompt: "dog", params: PARAMS }],
    ["IT1", "multi-line prompt and negative prompt", ` a \n\n b\nNegative prompt:  c \n d \n${LINE}`, { prompt: "a\n\nb", negativePrompt: "c\nd", params: PARAMS }],
    ["IT1", "prompt only", "just a prompt", { prompt: "just a prompt", negativePrompt: "", params: {} }],
    ["IT1", "negative prompt only", `Negative prompt: ugly\n${LINE}`, { prompt: "", negativePrompt: "ugly", params: PARAMS }],
    ["IT1", "Windows line ends", `cat\r\nNegative prompt: dog\r\n${LINE}\r\n`, { prompt: "cat", negativePrompt: "dog", params: PARAMS }],
    ["IT1", "leading blank negative lines collapse, as in WebUI", `p\nNegative prompt:\n\nn\n${LINE}`, { prompt: "p", negativePrompt: "n", params: PARAMS }],
    ["IT1", "a later Negative prompt: line loses its prefix", `p\nNegative prompt: a\nNegative prompt: b\n${LINE}`, { prompt: "p", negativePrompt: "a\nb", params: PARAMS }],
    ["IT2", "a last line of two pairs is prompt text", "cat\nSteps: 20, Seed: 1", { prompt: "cat\nSteps: 20, Seed: 1", negativePrompt: "", params: {} }],
    ["IT2", "a one-letter label is not a label", "cat\nA: 1, B: 2, C: 3", { prompt: "cat\nA: 1, B: 2, C: 3", negativePrompt: "", params: {} }],
    ["IT2", "a parameter line alone", LINE, { prompt: "", negativePrompt: "", params: PARAMS }],
    ["IT2", "weighted prompt words on the last line count as pairs", "(cat:1.2), (dog:1.1), (sky:0.8)", { prompt: "", negativePrompt: "", params: { cat: "1.2)", dog: "1.1)", sky: "0.8)" } }],
    ["IT3", "JSON-quoted values are unquoted", 'p\nSampler: "DPM++ 2M, SDE", Seed: "1\\n2", Size: "a:b"', { prompt: "p", negativePrompt: "", params: { Sampler: "DPM++ 2M, SDE", Seed: "1\n2", Size: "a:b" } }],
    ["IT3", "an empty quoted value is empty", 'p\nSteps: "", Seed: 1, Size: 2', { prompt: "p", negativePrompt: "", params: { Steps: "", Seed: "1", Size: "2" } }],
    ["IT3", "bad JSON quoting keeps the raw value", 'p\nSampler: "a\\x", Seed: "b"c", Size: 1', { prompt: "p", negativePrompt: "", params: { Sampler: '"a\\x"', Seed: '"b"c"', Size: "1" } }],
    ["IT3", "an unclosed quote reads to the comma", 'p\nSampler: "a, Seed: 1, Size: 2', { prompt: "p", negativePrompt: "", params: { Sampler: '"a', Seed: "1", Size: "2" } }],
    ["IT3", "an empty value is skipped but counts", "p\nSteps: , Seed: 1, Size: 2", { prompt: "p", negativePrompt: "", params: { Seed: "1", Size: "2" } }],
    ["IT3", "a repeated label keeps the last value", "p\nSeed: 1, Seed: 2, Size: 3", { prompt: "p", negativePrompt: "", params: { Seed: "2", Size: "3" } }],
    ["IT3", "WxH stays one value", "p\nSteps: 1, Size: 512x768, Seed: 2", { prompt: "p", negativePrompt: "", params: { Steps: "1", Size: "512x768", Seed: "2" } }],
    ["IT3", "__proto__ is plain data", "p\n__proto__: x, Seed: 1, Size: 2", { prompt: "p", negativePrompt: "", params: { ["__proto__"]: "x", Seed: "1", Size: "2" } }],
    ["IT4", "empty text", "", { prompt: "", negativePrompt: "", params: {} }],
    ["IT4", "only whitespace", " \n\t\n ", { prompt: "", negativePrompt: "", params: {} }],
    ["IT4", "garbage", ':::,,,"""\\\\', { prompt: ':::,,,"""\\\\', negativePrompt: "", params: {} }]
  ])("%s %s", (_rule, _name, text, expected) => {
    const parsed = parseInfotext(text)
    expect(parsed).toEqual(expected)
    expect(Object.getPrototypeOf(parsed.params)).toBe(Object.prototype)
  })

  it.each([
    ["IT3", "not quoted", "abc", "abc"],
    ["IT3", "a lone quote", '"', '"'],
    ["IT3", "quoted", '"a,b"', "a,b"],
    ["IT3", "bad escape", '"\\q"', '"\\q"'],
    ["IT3", "control character", '"a\tb"', '"a\tb"']
  ])("%s unquote: %s", (_rule, _name, raw, expected) => {
    expect(unquoteInfotextValue(raw)).toBe(expected)
  })

  it("IT4 never throws on any text (property)", () => {
    fc.assert(fc.property(fc.string({ unit: "binary" }), (text) => {
      const parsed = parseInfotext(text)
      expect(typeof parsed.prompt).toBe("string")
    }))
  })

  it("IT4 reads a 200 000-character line in linear time (the regex would backtrack quadratically)", () => {
    const line = "a".repeat(100_000) + " b".repeat(50_000)
    const started = performance.now()
    expect(scanInfotextPairs(line)).toEqual([])
    expect(parseInfotext(`${line}\n${line}`).prompt).toBe(`${line}\n${line}`)
    expect(performance.now() - started).toBeLessThan(1000)
  })
})

describe("IT5 building then parsing gives back prompt, negative prompt and arguments", () => {
  const piece = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(",", ":", "\n", "\r", '"', "\\", " ", "\u3000", "\x85", "\ufeff", "x", "字", "😀", "Negative prompt:", "(word:1.2)", "a: 1, b: 2, c: 3", "512x512") },
    { weight: 2, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) }
  )
  const text = fc.string({ unit: piece, maxLength: 10 })
  const labels = fc.subarray(["Steps", "Sampler", "Schedule type", "CFG scale", "Size", "Seed"])
  const input = fc.record({
    prompt: text,
    negativePrompt: text,
    params: labels.chain((chosen) => fc.tuple(...chosen.map((label) => fc.tuple(fc.constant(label), text))))
  })

  it("IT5 round trip (property)", () => {
    fc.assert(
      fc.property(input, (value) => {
        const built = buildInfotext(value)
        const prompt = normaliseInfotextSection(value.prompt)
        const negativePrompt = normaliseInfotextSection(value.negativePrompt)
        // The format's own limits (docs/spec/infotext.md): a "Negative prompt:" line inside a section,
        // and, without a parameter line, a last line that itself reads as 3 pairs.
        fc.pre(!prompt.split("\n").some((line) => line.startsWith("Negative prompt:")))
        fc.pre(!negativePrompt.split("\n").slice(1).some((line) => line.startsWith("Negative prompt:")))
        fc.pre(value.params.length >= 3 || scanInfotextPairs(built.split("\n").pop() ?? "").length < 3)
        const expectedParams = value.params.length >= 3 ? Object.fromEntries(value.params) : {}
        expect(parseInfotext(built)).toEqual({ prompt, negativePrompt, params: expectedParams })
      }),
      { numRuns: 3000 }
    )
  })
})
