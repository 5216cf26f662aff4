import sharp from "sharp"
import { brushDabs, compositionsByName } from "./src/adapters/engine/offline/compositions.js"
import { makePaint } from "./src/adapters/engine/offline/paint.js"
import { paletteOfPrompt } from "./src/adapters/engine/offline/promptPalette.js"
import { styleOfCheckpoint } from "./src/adapters/engine/offline/renderStyle.js"
import { seededRandom } from "./src/adapters/engine/offline/seededRandom.js"
const style = styleOfCheckpoint("本地演示·油画")
const paint = makePaint(paletteOfPrompt("梦幻的花朵"), style, seededRandom("x"), 1024, 1024)
const body = compositionsByName.blobs(paint)
for (const n of [0, 1300, 2600]) {
  const dabs = brushDabs(paint, n, () => [100, 150, 200])
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">${body}${dabs}</svg>`
  for (const median of [0, 3]) {
    const t0 = performance.now()
    let img = sharp(Buffer.from(svg)).removeAlpha()
    if (median) img = img.median(median)
    await img.raw().toBuffer()
    console.log(n, "dabs median", median, (performance.now() - t0).toFixed(0))
  }
}
