import type { TaskSubmitWire } from "@mido/core"

/** A flag the person got wrong: the message in Chinese with the English after it, as the harness prints them. */
export class FlagError {
  constructor(readonly message: string) {}
}

const bilingual = (zh: string, en: string) => new FlagError(`${zh}（${en}）`)

/** The flags each task type reads; anything else is refused so a typo does not pass silently. */
const flagsOf = {
  sd: ["prompt", "negative", "checkpoint", "sampler", "schedule", "steps", "cfg", "size", "seed", "num"],
  quick: ["style", "style-group", "prompt", "image", "ratio", "hd", "num"],
  quick_mj: ["prompt", "version", "ratio", "hd", "num"],
  agent: ["prompt", "size", "num"]
} as const
const COMMON = ["type", "server", "base-url", "token", "request-id"]

export type GenerateType = keyof typeof flagsOf
const TYPES = Object.keys(flagsOf) as Array<GenerateType>

const integer = (options: ReadonlyMap<string, string>, name: string, fallback: number): number => {
  const text = options.get(name)
  if (text === undefined) return fallback
  if (!/^-?\d+$/.test(text)) throw bilingual(`--${name} 需为整数`, `--${name} must be an integer`)
  return Number(text)
}

const decimal = (options: ReadonlyMap<string, string>, name: string, fallback: number): number => {
  const text = options.get(name)
  if (text === undefined) return fallback
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw bilingual(`--${name} 需为数字`, `--${name} must be a number`)
  return Number(text)
}

const size = (text: string): { width: number; height: number } => {
  const match = /^(\d+)[x×*](\d+)$/i.exec(text)
  if (match === null) throw bilingual("--size 格式应为 宽x高，例如 512x768", "--size must look like 512x768")
  return { width: Number(match[1]), height: Number(match[2]) }
}

const required = (options: ReadonlyMap<string, string>, name: string, zh: string): string => {
  const value = options.get(name)
  if (value === undefined || value === "true") throw bilingual(`请用 --${name} 指定${zh}`, `--${name} is required`)
  return value
}

/** A flag given bare (`--hd`) reads "true"; `--hd false` turns it off. */
const flag = (options: ReadonlyMap<string, string>, name: string): boolean | undefined =>
  options.has(name) ? options.get(name) !== "false" : undefined

/**
 * What `mido generate` submits, from its flags (the checkpoint may be left for the caller to choose
 * from the engine's catalog). Throws FlagError for a missing, malformed or unknown flag; the ranges
 * themselves are the contract's schema's to check (Generation.submit, with its Chinese messages).
 */
export const submitFromFlags = (options: ReadonlyMap<string, string>): { type: GenerateType; input: TaskSubmitWire } => {
  const type = options.get("type") ?? "sd"
  if (!TYPES.includes(type as GenerateType)) throw bilingual(`--type 只能是 ${TYPES.join(" / ")}`, `--type must be one of ${TYPES.join(", ")}`)
  const known: ReadonlyArray<string> = [...COMMON, ...flagsOf[type as GenerateType]]
  const unknown = [...options.keys()].find((name) => !known.includes(name))
  if (unknown !== undefined) throw bilingual(`--type ${type} 不认识参数 --${unknown}`, `unknown flag --${unknown} for --type ${type}`)
  const requestId = options.get("request-id")
  const common = { num: integer(options, "num", 1), ...(requestId === undefined ? {} : { request_id: requestId }) }
  const optional = (name: string) => options.get(name)
  switch (type as GenerateType) {
    case "sd":
      return {
        type: "sd",
        input: {
          type: "sd",
          prompt: required(options, "prompt", "提示词"),
          negative_prompt: optional("negative") ?? "",
          checkpoint: optional("checkpoint") ?? "",
          sampler: optional("sampler") ?? "Euler a",
          schedule_type: optional("schedule") ?? "Automatic",
          steps: integer(options, "steps", 20),
          cfg_scale: decimal(options, "cfg", 7),
          ...size(optional("size") ?? "512x512"),
          seed: integer(options, "seed", -1),
          ...common
        }
      }
    case "quick":
      return {
        type: "quick",
        input: {
          type: "quick",
          style_name: required(options, "style", "风格"),
          style_group: (optional("style-group") ?? "default") as "default" | "pro",
          prompt: optional("prompt"),
          base_image_url: optional("image"),
          ratio: optional("ratio") as "1:1" | undefined,
          hd: flag(options, "hd"),
          ...common
        }
      }
    case "quick_mj":
      return {
        type: "quick_mj",
        input: { type: "quick_mj", prompt: required(options, "prompt", "提示词"), version: optional("version") ?? "v7", ratio: optional("ratio") as "1:1" | undefined, hd: flag(options, "hd"), ...common }
      }
    case "agent":
      return { type: "agent", input: { type: "agent", prompt: required(options, "prompt", "提示词"), size: (optional("size") ?? "1024x1024") as "1024x1024", ...common } }
  }
}
