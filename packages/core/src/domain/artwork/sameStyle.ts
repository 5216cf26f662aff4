import type { ArtworkContent, QuickMjParameters, QuickParameters } from "./Artwork.js"
import { DrawType } from "./drawType.js"
import { checkpointName, sdPasteText } from "./sdPasteText.js"

export type SameStyleAction =
  | { readonly action: "aigc"; readonly drawType: 1; readonly params: QuickParameters }
  | { readonly action: "aigc"; readonly drawType: 2; readonly params: QuickMjParameters }
  | { readonly action: "webui"; readonly url: string; readonly text: string }
  | { readonly action: "none" }

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** encodeURIComponent throws on a lone surrogate; such text is made well-formed first (U+FFFD). */
export const wellFormed = (text: string): string => text.replace(LONE_SURROGATE, "\uFFFD")

/**
 * SD1–SD3: what "same style" does for an artwork. quick and quick_mj store their parameters as they
 * are with draw type 1 or 2 and open /aigc; sd opens /webui with the checkpoint and the infotext to
 * paste; agent has no same-style action (its button is hidden).
 */
export const sameStyle = (artwork: ArtworkContent): SameStyleAction => {
  switch (artwork.type) {
    case "quick":
      return { action: "aigc", drawType: DrawType.quick, params: artwork.parameters }
    case "quick_mj":
      return { action: "aigc", drawType: DrawType.quick_mj, params: artwork.parameters }
    case "sd": {
      const text = wellFormed(sdPasteText(artwork.parameters))
      const model = wellFormed(checkpointName(artwork.parameters))
      const url = `/webui?model=${encodeURIComponent(model)}&prompt_for_paste=${encodeURIComponent(text)}`
      return { action: "webui", url, text }
    }
    case "agent":
      return { action: "none" }
  }
}
