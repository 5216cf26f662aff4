import sharp from "sharp"
import { renderArt } from "../adapters/engine/offline/offlineRender.js"
import type { ObjectStore } from "../adapters/storage/objectStorePort.js"
import { MJ_VERSIONS, presetCoverKey, QUICK_STYLES } from "../features/generation/quickPresets.js"
import type { Log } from "../platform/log.js"

const COVER_SIDE = 320

/**
 * The covers of the /aigc presets, drawn once by the offline engine from each preset's name (so each
 * is a real, different picture, captioned 本地演示引擎) and kept in storage; a start finds them there.
 */
export const ensurePresetCovers = async (store: ObjectStore, log: Log): Promise<void> => {
  const presets = [...QUICK_STYLES, ...MJ_VERSIONS]
  let drawn = 0
  for (const [index, preset] of presets.entries()) {
    const key = presetCoverKey(preset.slug)
    if ((await store.head(key)) !== undefined) continue
    const png = await renderArt({ prompt: `${preset.name} ${preset.description}`, seed: 7_001 + index, width: COVER_SIDE, height: COVER_SIDE })
    await store.create(key, new Uint8Array(await sharp(png).jpeg({ quality: 80 }).toBuffer()))
    drawn += 1
  }
  if (drawn > 0) log.info("preset covers drawn", { drawn })
}
