import sharp from "sharp"
const tile = await sharp(Buffer.alloc(128 * 128 * 4, 20), { raw: { width: 128, height: 128, channels: 4 } }).png().toBuffer()
const base = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: "#468" } }).png().toBuffer()
for (let r = 0; r < 3; r++) {
  let t0 = performance.now()
  await sharp(base).raw().toBuffer()
  const plain = performance.now() - t0
  t0 = performance.now()
  await sharp(base).composite([{ input: tile, tile: true, blend: "over" }]).raw().toBuffer()
  const grain = performance.now() - t0
  t0 = performance.now()
  await sharp(base).blur(1.4).raw().toBuffer()
  console.log("plain", plain.toFixed(0), "grain", grain.toFixed(0), "blur", (performance.now() - t0).toFixed(0))
}
