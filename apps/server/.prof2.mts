import sharp from "sharp"
import { artPipeline } from "./src/adapters/engine/offline/offlineRender.js"
const art = { prompt: "梦幻的花朵", seed: 1, width: 1024, height: 1024, checkpoint: "本地演示·油画" }
for (let r = 0; r < 3; r++) {
  let t0 = performance.now()
  const raw = await (await artPipeline(art)).raw().toBuffer({ resolveWithObject: true })
  const tr = performance.now() - t0
  const times = []
  for (const level of [1, 3, 6]) {
    t0 = performance.now()
    const png = await sharp(raw.data, { raw: { width: 1024, height: 1024, channels: raw.info.channels } }).png({ compressionLevel: level }).toBuffer()
    times.push(`${level}:${(performance.now() - t0).toFixed(0)}ms/${(png.length / 1e6).toFixed(2)}MB`)
  }
  console.log("raster", tr.toFixed(0), times.join(" "))
}
