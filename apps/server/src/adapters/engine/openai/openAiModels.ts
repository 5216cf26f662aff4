/**
 * What each OpenAI Images model takes, checked when the server starts (MIDO_OPENAI_MODEL) so a model
 * the adapter cannot drive is refused with a clear message instead of failing every task. Read from
 * openai/openai-node src/resources/images.ts (ImageGenerateParams, ImageEditParamsBase, Image):
 * - the GPT image models always answer base64; `output_format` png|jpeg|webp is theirs only; n 1–10;
 *   sizes 1024x1024 | 1536x1024 | 1024x1536 | auto (gpt-image-2: any WxH in multiples of 16); edits
 *   take up to 16 images (`image[]`, src/internal/uploads.ts appends an array as key[]).
 * - `input_fidelity` ("especially facial features", default low): gpt-image-1 and gpt-image-1.5;
 *   unsupported for gpt-image-1-mini; gpt-image-2 always works at high fidelity and takes none.
 * - dall-e-3: n=1 only, sizes 1024x1024 | 1792x1024 | 1024x1792, a URL unless response_format=b64_json,
 *   no output_format, no edits.
 * - dall-e-2: sizes 256x256 | 512x512 | 1024x1024, a URL unless response_format=b64_json, no
 *   output_format, edits of ONE square PNG.
 */
export interface OpenAiModelProfile {
  readonly family: "gpt-image" | "dall-e-3" | "dall-e-2"
  /** the sizes it draws, or "any16" (gpt-image-2's free sizes) */
  readonly sizes: ReadonlyArray<string> | "any16"
  /** images one request may ask for */
  readonly maxPerRequest: number
  /** whether to send output_format=png (else response_format=b64_json, or the answer is a URL) */
  readonly outputFormat: boolean
  /** images one edit takes: 0 = no edits */
  readonly maxEditImages: number
  readonly inputFidelity: boolean
}

const GPT_SIZES = ["1024x1024", "1536x1024", "1024x1536"]

const gptImage = (inputFidelity: boolean, sizes: OpenAiModelProfile["sizes"] = GPT_SIZES): OpenAiModelProfile => ({
  family: "gpt-image",
  sizes,
  maxPerRequest: 10,
  outputFormat: true,
  maxEditImages: 16,
  inputFidelity
})

/** Longest prefix first: a dated snapshot (gpt-image-1-2025-…, dall-e-3-…) is its model's. */
const PROFILES: ReadonlyArray<readonly [string, OpenAiModelProfile]> = [
  ["gpt-image-1-mini", gptImage(false)],
  ["gpt-image-1.5", gptImage(true)],
  ["gpt-image-1", gptImage(true)],
  ["gpt-image-2", gptImage(false, "any16")],
  ["dall-e-3", { family: "dall-e-3", sizes: ["1024x1024", "1792x1024", "1024x1792"], maxPerRequest: 1, outputFormat: false, maxEditImages: 0, inputFidelity: false }],
  ["dall-e-2", { family: "dall-e-2", sizes: ["256x256", "512x512", "1024x1024"], maxPerRequest: 10, outputFormat: false, maxEditImages: 1, inputFidelity: false }]
]

export const SUPPORTED_OPENAI_MODELS: ReadonlyArray<string> = PROFILES.map(([name]) => name)

/** The profile of `model`, or undefined for a model Mido does not know how to drive. */
export const openAiModelProfile = (model: string): OpenAiModelProfile | undefined => {
  const id = model.trim().toLowerCase()
  return PROFILES.find(([name]) => id === name || id.startsWith(`${name}-`))?.[1]
}

/** What is wrong with MIDO_OPENAI_MODEL, for the start-up error (English: it is the operator's log). */
export const openAiModelProblem = (model: string): string | undefined =>
  openAiModelProfile(model) === undefined
    ? `MIDO_OPENAI_MODEL=${model} is not an OpenAI Images model Mido can drive; use one of ${SUPPORTED_OPENAI_MODELS.join(", ")} (or a dated snapshot of one)`
    : undefined
