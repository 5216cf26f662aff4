import { createHash } from "node:crypto"

/**
 * A small deterministic random source for the offline engine: the same inputs give the same numbers on
 * every machine and Node version (Math.random would not), so the same prompt and seed give the same PNG.
 */
export interface SeededRandom {
  /** in [0, 1) */
  readonly next: () => number
  /** in [min, max) */
  readonly between: (min: number, max: number) => number
  /** an integer in [0, count) */
  readonly index: (count: number) => number
  readonly pick: <T>(items: ReadonlyArray<T>) => T
}

/** The first 16 bytes of sha256 over the parts, as four 32-bit words. */
export const hashWords = (...parts: ReadonlyArray<string | number>): [number, number, number, number] => {
  const digest = createHash("sha256").update(parts.map(String).join("\u0000")).digest()
  return [digest.readUInt32LE(0), digest.readUInt32LE(4), digest.readUInt32LE(8), digest.readUInt32LE(12)]
}

/** sfc32 (Chris Doty-Humphrey's small fast counting generator) seeded by a hash of the parts. */
export const seededRandom = (...parts: ReadonlyArray<string | number>): SeededRandom => {
  let [a, b, c, d] = hashWords(...parts)
  const next = (): number => {
    a |= 0
    b |= 0
    c |= 0
    d |= 0
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
  // warm up: the first outputs of sfc32 still echo the seed words
  for (let i = 0; i < 12; i++) next()
  const between = (min: number, max: number) => min + (max - min) * next()
  const index = (count: number) => Math.min(count - 1, Math.floor(next() * count))
  return { next, between, index, pick: (items) => items[index(items.length)] as (typeof items)[number] }
}
