import type { GenerationToolKey } from "../generation/GenerationTask.js"
import { TOOL_TITLES } from "../generation/toolTitles.js"

/**
 * The AI toolbox's catalogue (issue 15): per tool, what its page asks for (mask, prompt, options), whether
 * it runs offline on this server's CPU processors, and what it makes. Pure data: the web pages draw their
 * forms from it, the server validates submits and picks a processor with it (rules TL1–TL8).
 */

/** One option a tool reads from `ToolSubmit.options` (a flat record of string | number | boolean). */
export type ToolOptionSpec =
  | {
    readonly kind: "choice"
    readonly key: string
    readonly label: string
    /** allowed values, with the Chinese label each is shown as */
    readonly values: ReadonlyArray<{ readonly value: string | number; readonly label: string }>
    readonly default: string | number
  }
  | {
    readonly kind: "number"
    readonly key: string
    readonly label: string
    readonly min: number
    readonly max: number
    /** 1 = integers only */
    readonly step: number
    readonly unit?: string
    readonly default: number
  }
  | { readonly kind: "boolean"; readonly key: string; readonly label: string; readonly default: boolean }
  | {
    /** several values at once, sent as one comma-separated string ("cartoon,sketch"); at least `min` */
    readonly kind: "multi"
    readonly key: string
    readonly label: string
    readonly values: ReadonlyArray<{ readonly value: string; readonly label: string }>
    readonly min: number
    readonly default: string
  }

/**
 * "required": the page must send a mask (white = the area to repaint or remove);
 * "auto": required unless the tool's `auto_mask` option is on (remove-watermark finds the marks itself);
 * "hint": optional hints (discount: opaque white = keep, opaque black = remove, grey or transparent = let the tool decide);
 * "none": no mask.
 */
export type ToolMaskNeed = "required" | "auto" | "hint" | "none"

/** "png-alpha": a transparent PNG whatever the input; "keep": the input's type (jpeg stays jpeg, png stays png). */
export type ToolOutput = "png-alpha" | "keep"

export interface ToolSpec {
  readonly key: GenerationToolKey
  /** the Chinese name, as the page is titled (TOOL_TITLES) */
  readonly name: string
  readonly mask: ToolMaskNeed
  /** the message when the mask is needed and missing */
  readonly maskMessage?: string
  readonly prompt: "required" | "none"
  /** true: the server's own processors run it with no engine configured */
  readonly offline: boolean
  /** when offline is false: why, shown before anything is spent (the submit is refused, no charge) */
  readonly offlineRefusal?: string
  /** a note every offline result carries (old-photo-restoration: it restores, it does not colourise) */
  readonly offlineNote?: string
  /** several results at once: the option whose values each make one image (style-avatar: styles) */
  readonly resultPerValueOf?: string
  readonly output: ToolOutput
  readonly options: ReadonlyArray<ToolOptionSpec>
}

const INPAINT_METHOD: ToolOptionSpec = {
  kind: "choice",
  key: "method",
  label: "修复算法",
  values: [{ value: "telea", label: "Telea（快速）" }, { value: "ns", label: "Navier-Stokes（平滑）" }],
  default: "telea"
}

const INPAINT_RADIUS: ToolOptionSpec = { kind: "number", key: "radius", label: "修复半径", min: 1, max: 15, step: 1, unit: "px", default: 5 }

/** The style-avatar styles, in the order results are made. */
export const AVATAR_STYLES = ["cartoon", "sketch", "posterize", "film"] as const
export type AvatarStyle = (typeof AVATAR_STYLES)[number]

/** The message a redraw submit gets with no engine configured (refused before any charge). */
export const REDRAW_NEEDS_ENGINE = "局部重绘需要接入绘画引擎，当前为离线模式，未扣除米豆"

/** What an offline old-photo result says (the web shows it under the result). */
export const OLD_PHOTO_OFFLINE_NOTE = "离线模式只做修复（降噪、增强对比度、修补划痕），不能真正上色；真正上色需要接入绘画引擎。怀旧色调只是滤镜。"

const SPECS: ReadonlyArray<Omit<ToolSpec, "name">> = [
  {
    key: "hd-repair",
    mask: "none",
    prompt: "none",
    offline: true,
    output: "keep",
    options: [
      { kind: "choice", key: "scale", label: "放大倍数", values: [{ value: 2, label: "2 倍" }, { value: 4, label: "4 倍" }], default: 2 },
      {
        kind: "choice",
        key: "method",
        label: "放大方式",
        values: [{ value: "esrgan", label: "ESRGAN 超分辨率" }, { value: "lanczos", label: "Lanczos 快速放大" }],
        default: "esrgan"
      }
    ]
  },
  {
    key: "discount",
    mask: "hint",
    prompt: "none",
    offline: true,
    output: "png-alpha",
    options: [{ kind: "number", key: "feather", label: "边缘羽化", min: 0, max: 20, step: 1, unit: "px", default: 2 }]
  },
  {
    key: "remove-watermark",
    mask: "auto",
    maskMessage: "请先涂抹要去除的区域",
    prompt: "none",
    offline: true,
    output: "keep",
    options: [INPAINT_METHOD, INPAINT_RADIUS, { kind: "boolean", key: "auto_mask", label: "自动识别水印", default: true }]
  },
  {
    key: "element-elimination",
    mask: "required",
    maskMessage: "请先涂抹要去除的区域",
    prompt: "none",
    offline: true,
    output: "keep",
    options: [INPAINT_METHOD, INPAINT_RADIUS]
  },
  {
    key: "style-avatar",
    mask: "none",
    prompt: "none",
    offline: true,
    resultPerValueOf: "styles",
    output: "keep",
    options: [
      {
        kind: "multi",
        key: "styles",
        label: "风格",
        values: [
          { value: "cartoon", label: "卡通" },
          { value: "sketch", label: "素描" },
          { value: "posterize", label: "色块" },
          { value: "film", label: "胶片" }
        ],
        min: 1,
        default: "cartoon,sketch"
      }
    ]
  },
  {
    key: "old-photo-restoration",
    mask: "none",
    prompt: "none",
    offline: true,
    offlineNote: OLD_PHOTO_OFFLINE_NOTE,
    output: "keep",
    options: [
      { kind: "number", key: "denoise", label: "降噪强度", min: 0, max: 10, step: 1, default: 4 },
      { kind: "number", key: "contrast", label: "对比度增强", min: 0, max: 10, step: 1, default: 4 },
      { kind: "number", key: "scratch", label: "划痕修复强度", min: 0, max: 10, step: 1, default: 5 },
      {
        kind: "choice",
        key: "tint",
        label: "色调滤镜",
        values: [{ value: "none", label: "无" }, { value: "sepia", label: "怀旧棕（滤镜）" }, { value: "duotone", label: "双色调（滤镜）" }],
        default: "none"
      }
    ]
  },
  {
    key: "redraw",
    mask: "required",
    maskMessage: "请先涂抹要重绘的区域",
    prompt: "required",
    offline: false,
    offlineRefusal: REDRAW_NEEDS_ENGINE,
    output: "keep",
    options: [{ kind: "number", key: "denoising_strength", label: "重绘幅度", min: 0, max: 1, step: 0.05, default: 0.75 }]
  }
]

/** TL1: the seven tools, in the toolbox's order, each named as its page is. */
export const TOOL_CATALOGUE: ReadonlyArray<ToolSpec> = SPECS.map((spec) => ({ ...spec, name: TOOL_TITLES[spec.key] }))

const BY_KEY = new Map(TOOL_CATALOGUE.map((spec) => [spec.key, spec]))

/** TL1: the spec of one tool. */
export const toolSpecOf = (key: GenerationToolKey): ToolSpec => BY_KEY.get(key) as ToolSpec

/** TL7: the content type of a tool's result for an input of `inputType` (discount always a PNG with alpha). */
export const toolOutputType = (key: GenerationToolKey, inputType: "image/png" | "image/jpeg" | "image/webp"): "image/png" | "image/jpeg" =>
  toolSpecOf(key).output === "png-alpha" || inputType !== "image/jpeg" ? "image/png" : "image/jpeg"
