import { type Cv, loadOpenCv, withMats } from "./opencv.js"
import { matOf, type Raw, rawOf } from "./pixels.js"

/**
 * The auto mask of remove-watermark: bright and dark text-like marks, found by morphology. A white
 * top-hat (the image minus its opening) keeps bright strokes thinner than the kernel, a black-hat the
 * dark ones; their larger part past a threshold, closed so letters join, grown a little. Marks larger
 * than a text stroke (a face, a sky) stay out: only what the kernel removes is marked.
 */
export const detectMarks = async (image: Raw): Promise<Raw> => {
  const { cv } = await loadOpenCv()
  return withMats((keep) => {
    const rgb = keep(matOf(cv, image))
    const grey = keep(new cv.Mat())
    cv.cvtColor(rgb, grey, cv.COLOR_RGB2GRAY)
    const side = Math.max(9, Math.round(Math.min(image.width, image.height) / 40) | 1)
    const kernel = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(side, side)) as Cv)
    const top = keep(new cv.Mat())
    const black = keep(new cv.Mat())
    cv.morphologyEx(grey, top, cv.MORPH_TOPHAT, kernel)
    cv.morphologyEx(grey, black, cv.MORPH_BLACKHAT, kernel)
    const both = keep(new cv.Mat())
    cv.max(top, black, both)
    const marks = keep(new cv.Mat())
    cv.threshold(both, marks, 40, 255, cv.THRESH_BINARY)
    const join = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)) as Cv)
    cv.morphologyEx(marks, marks, cv.MORPH_CLOSE, join)
    cv.dilate(marks, marks, join)
    return rawOf(marks)
  })
}
