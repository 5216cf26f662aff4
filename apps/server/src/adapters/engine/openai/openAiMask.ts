import sharp from "sharp"

/**
 * Our masks are greyscale with WHITE = repaint (A1111's convention, and the port's). OpenAI's edits
 * read the mask's ALPHA instead: fully transparent pixels are the ones it edits. So the mask becomes
 * a black RGBA PNG whose alpha is 255 − grey (white → transparent, black → opaque), at exactly the
 * image's size as the API demands.
 */
export const openAiMaskOf = async (mask: Uint8Array, width: number, height: number): Promise<Uint8Array> => {
  const grey = await sharp(mask)
    .flatten({ background: { r: 0, g: 0, b: 0 } })
    .resize(width, height, { fit: "fill" })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer()
  const rgba = Buffer.alloc(width * height * 4)
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    rgba[pixel * 4 + 3] = 255 - (grey[pixel] ?? 0)
  }
  return new Uint8Array(await sharp(rgba, { raw: { width, height, channels: 4 } }).png().toBuffer())
}

/** The init image as PNG (edits take png/webp/jpg; PNG keeps the size check and the mask simple). */
export const pngWithSize = async (image: Uint8Array): Promise<{ bytes: Uint8Array; width: number; height: number }> => {
  const { data, info } = await sharp(image).png().toBuffer({ resolveWithObject: true })
  return { bytes: new Uint8Array(data), width: info.width, height: info.height }
}
