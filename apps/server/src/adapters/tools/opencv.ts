import { createRequire } from "node:module"

/**
 * OpenCV.js 4.12 (@techstark/opencv-js, Apache-2.0), loaded on first use and kept for the process.
 * The module object is an Emscripten *thenable*: awaiting or returning it from an async function
 * loops forever (ADR 0012), so we wait for onRuntimeInitialized and hand it out wrapped.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- OpenCV.js's typings are partial; each processor uses a handful of calls
export type Cv = any

const require = createRequire(import.meta.url)
let loading: Promise<{ readonly cv: Cv }> | undefined

export const loadOpenCv = (): Promise<{ readonly cv: Cv }> =>
  (loading ??= new Promise((resolve, reject) => {
    const cv = require("@techstark/opencv-js") as Cv
    if (cv.Mat !== undefined) return resolve({ cv })
    const timer = setTimeout(() => reject(new Error("OpenCV.js did not initialise in 30 s")), 30_000)
    cv.onRuntimeInitialized = () => {
      clearTimeout(timer)
      resolve({ cv })
    }
  }))

/** Frees OpenCV mats however the work ended (their memory lives in the WASM heap, not the GC's). */
export const withMats = async <T>(work: (keep: <M extends { delete: () => void }>(mat: M) => M) => T | Promise<T>): Promise<T> => {
  const mats: Array<{ delete: () => void }> = []
  try {
    return await work((mat) => {
      mats.push(mat)
      return mat
    })
  } finally {
    for (const mat of mats) {
      try {
        mat.delete()
      } catch {
        // already deleted
      }
    }
  }
}
