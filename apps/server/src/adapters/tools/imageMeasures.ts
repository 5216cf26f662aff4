/** Image quality measures for the processors' tests and the bench: PSNR and a windowed SSIM on luma. */

const luma = (rgb: Uint8Array, pixels: number): Float64Array => {
  const out = new Float64Array(pixels)
  for (let i = 0; i < pixels; i++) out[i] = 0.299 * (rgb[i * 3] ?? 0) + 0.587 * (rgb[i * 3 + 1] ?? 0) + 0.114 * (rgb[i * 3 + 2] ?? 0)
  return out
}

/** Peak signal-to-noise ratio of two RGB images of one size, in dB. */
export const psnr = (a: Uint8Array, b: Uint8Array): number => {
  let sum = 0
  for (let i = 0; i < a.length; i++) sum += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2
  const mse = sum / a.length
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse)
}

/** Mean SSIM over 8×8 windows (step 4) of the luma of two RGB images of one size. */
export const ssim = (a: Uint8Array, b: Uint8Array, width: number, height: number): number => {
  const x = luma(a, width * height)
  const y = luma(b, width * height)
  const c1 = (0.01 * 255) ** 2
  const c2 = (0.03 * 255) ** 2
  let total = 0
  let windows = 0
  for (let top = 0; top + 8 <= height; top += 4) {
    for (let left = 0; left + 8 <= width; left += 4) {
      let mx = 0
      let my = 0
      for (let j = 0; j < 8; j++) for (let i = 0; i < 8; i++) {
        mx += x[(top + j) * width + left + i] ?? 0
        my += y[(top + j) * width + left + i] ?? 0
      }
      mx /= 64
      my /= 64
      let vx = 0
      let vy = 0
      let cov = 0
      for (let j = 0; j < 8; j++) for (let i = 0; i < 8; i++) {
        const dx = (x[(top + j) * width + left + i] ?? 0) - mx
        const dy = (y[(top + j) * width + left + i] ?? 0) - my
        vx += dx * dx
        vy += dy * dy
        cov += dx * dy
      }
      vx /= 63
      vy /= 63
      cov /= 63
      total += ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
      windows++
    }
  }
  return total / Math.max(1, windows)
}

/** Mean absolute difference of two same-size images over the pixels where `where` (one byte a pixel) is set. */
export const meanDifference = (a: Uint8Array, b: Uint8Array, channels: number, where?: Uint8Array): number => {
  let sum = 0
  let count = 0
  const pixels = a.length / channels
  for (let p = 0; p < pixels; p++) {
    if (where !== undefined && (where[p] ?? 0) === 0) continue
    for (let c = 0; c < channels; c++) sum += Math.abs((a[p * channels + c] ?? 0) - (b[p * channels + c] ?? 0))
    count += channels
  }
  return sum / Math.max(1, count)
}
