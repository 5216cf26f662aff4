import { EngineError, type TextToImage } from "../imageEnginePort.js"

/**
 * The Midjourney prompt built from our request: the text, then MJ's parameters. Image prompts are
 * not written here: the proxy uploads the base64Array images to Discord itself and puts their URLs
 * in front of the text. Style, character and omni references are URLs after their flags
 * (mjReferences.ts says where those URLs come from).
 */
export interface ReferenceUrls {
  readonly style: ReadonlyArray<string>
  readonly character: ReadonlyArray<string>
  readonly omni: ReadonlyArray<string>
}

export const noReferences: ReferenceUrls = { style: [], character: [], omni: [] }

export interface MjVersion {
  /** "--v 7", "--niji 6" or "" for the bot's default */
  readonly flag: string
  readonly niji: boolean
}

/** "v7", "v6.1", "7" → --v; "niji 6", "niji6", "niji" → --niji; "" → the bot's default. */
export const mjVersionOf = (version: string | undefined): MjVersion => {
  const text = (version ?? "").trim().toLowerCase()
  if (text === "") return { flag: "", niji: false }
  const niji = /^niji\s*(\d+(?:\.\d+)?)?$/.exec(text)
  if (niji !== null) return { flag: niji[1] === undefined ? "--niji" : `--niji ${niji[1]}`, niji: true }
  const plain = /^v?\s*(\d+(?:\.\d+)?)$/.exec(text)
  if (plain !== null) return { flag: `--v ${plain[1]}`, niji: false }
  throw new EngineError("rejected", "不支持的 Midjourney 版本", `version ${cut(text)}`)
}

const cut = (text: string): string => text.slice(0, 40)

const greatestCommonDivisor = (a: number, b: number): number => (b === 0 ? a : greatestCommonDivisor(b, a % b))

/** The request's aspect ("3:4"), else the reduced ratio of its width and height. */
export const mjAspectOf = (request: Pick<TextToImage, "width" | "height" | "mj">): string => {
  const given = request.mj?.aspect.trim() ?? ""
  if (/^\d+:\d+$/.test(given)) return given
  const divisor = greatestCommonDivisor(request.width, request.height) || 1
  return `${request.width / divisor}:${request.height / divisor}`
}

const ratioOf = (aspect: string): number => {
  const [width, height] = aspect.split(":").map(Number)
  return (width ?? 1) / (height ?? 1)
}

/** Blend takes three shapes only: the nearest one to the aspect. */
export const blendDimensionsOf = (aspect: string): "PORTRAIT" | "SQUARE" | "LANDSCAPE" => {
  const ratio = ratioOf(aspect)
  if (ratio > 1.1) return "LANDSCAPE"
  if (ratio < 1 / 1.1) return "PORTRAIT"
  return "SQUARE"
}

/** MJ has no denoising strength; image weight --iw (0–3, 1 by default) plays its part inverted. */
export const imageWeightOf = (denoisingStrength: number): string => {
  const weight = Math.min(3, Math.max(0, 3 * (1 - denoisingStrength)))
  return String(Math.round(weight * 10) / 10)
}

export interface MjPromptParts {
  readonly request: TextToImage
  readonly references: ReferenceUrls
  /** img2img's strength as --iw; absent for text to image */
  readonly denoisingStrength?: number
}

/** MJ seeds are 0–4294967295. */
const mjSeedOf = (seed: number): number => ((Math.trunc(seed) % 4294967296) + 4294967296) % 4294967296

/** Line breaks end a Discord slash command: the prompt is one line. */
const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim()

export const buildMjPrompt = ({ request, references, denoisingStrength }: MjPromptParts): string => {
  const parts = [oneLine(request.prompt), `--ar ${mjAspectOf(request)}`]
  const version = mjVersionOf(request.mj?.version)
  if (version.flag !== "") parts.push(version.flag)
  parts.push(`--seed ${mjSeedOf(request.seed)}`)
  const negative = oneLine(request.negativePrompt)
  if (negative !== "") parts.push(`--no ${negative}`)
  if (denoisingStrength !== undefined) parts.push(`--iw ${imageWeightOf(denoisingStrength)}`)
  if (references.style.length > 0) parts.push(`--sref ${references.style.join(" ")}`)
  if (references.character.length > 0) parts.push(`--cref ${references.character.join(" ")}`)
  // an omni reference takes one image (V7)
  const omni = references.omni[0]
  if (omni !== undefined) parts.push(`--oref ${omni}`)
  return parts.filter((part) => part !== "").join(" ")
}
