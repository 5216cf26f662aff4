import { randomBytes } from "node:crypto"
import { createReadStream } from "node:fs"
import { link, mkdir, open, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises"
import { dirname, resolve, sep } from "node:path"
import { Readable } from "node:stream"

/**
 * Object storage behind a small interface, so an S3/OSS adapter can replace the local one: objects
 * by key (immutable: create never overwrites), and a temp area of multipart parts by upload id (R21).
 * The local adapter keeps objects at uploadDir/<key>; its own bookkeeping lives in dot-directories,
 * which no valid key can name (isSafeKey), so they are never served.
 */
export interface ObjectStore {
  /** Stores a new object; false when the key already exists. */
  readonly create: (key: string, bytes: Uint8Array) => Promise<boolean>
  /** Size of an object, or undefined when there is none (R19's HEAD). */
  readonly head: (key: string) => Promise<{ readonly size: number } | undefined>
  /** The first `length` bytes (R19's range read), or undefined when there is no object. */
  readonly readStart: (key: string, length: number) => Promise<Uint8Array | undefined>
  readonly read: (key: string) => Promise<Uint8Array | undefined>
  /** The object's bytes as a web stream (serving). */
  readonly stream: (key: string) => ReadableStream<Uint8Array>
  readonly delete: (key: string) => Promise<void>
  readonly putPart: (uploadId: string, partNumber: number, bytes: Uint8Array) => Promise<void>
  /** Joins parts 1…count, in order, into a new object; false when the key already exists. */
  readonly assemble: (uploadId: string, count: number, key: string) => Promise<boolean>
  readonly dropParts: (uploadId: string) => Promise<void>
}

const SEGMENT = "[A-Za-z0-9_-][A-Za-z0-9_.-]*"
const SAFE_KEY = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`)
const SAFE_UPLOAD_ID = /^[A-Za-z0-9_-]{8,128}$/

/**
 * R20: a key the store will touch: relative, segments of letters, digits, _ - . (never starting with
 * a dot), no "..", no backslash, at most 300 characters. Everything else is refused before any path
 * is built.
 */
export const isSafeKey = (key: string): boolean => key.length <= 300 && !key.includes("..") && SAFE_KEY.test(key)

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT"
const isExisting = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === "EEXIST"

export const localObjectStore = (uploadDir: string): ObjectStore => {
  const root = resolve(uploadDir)
  const tempDir = resolve(root, ".tmp")
  const partsDir = resolve(root, ".multipart")

  /** The path of a key, and a second check that it stays inside the root (R20). */
  const pathOf = (key: string): string => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key ${JSON.stringify(key)}`)
    const path = resolve(root, key)
    if (!path.startsWith(root + sep)) throw new Error(`storage key outside the root ${JSON.stringify(key)}`)
    return path
  }
  const partsOf = (uploadId: string): string => {
    if (!SAFE_UPLOAD_ID.test(uploadId)) throw new Error(`unsafe upload id ${JSON.stringify(uploadId)}`)
    return resolve(partsDir, uploadId)
  }

  /** Writes into a temp file, then hard-links it into place: atomic, and never over an existing key. */
  const publish = async (key: string, write: (tempPath: string) => Promise<void>): Promise<boolean> => {
    const target = pathOf(key)
    await mkdir(tempDir, { recursive: true })
    const temp = resolve(tempDir, randomBytes(12).toString("hex"))
    try {
      await write(temp)
      await mkdir(dirname(target), { recursive: true })
      await link(temp, target)
      return true
    } catch (error) {
      if (isExisting(error)) return false
      throw error
    } finally {
      await unlink(temp).catch(() => undefined)
    }
  }

  const head = async (key: string) => {
    try {
      const info = await stat(pathOf(key))
      return info.isFile() ? { size: info.size } : undefined
    } catch (error) {
      if (isMissing(error)) return undefined
      throw error
    }
  }

  return {
    create: (key, bytes) => publish(key, (temp) => writeFile(temp, bytes, { flag: "wx" })),
    head,
    readStart: async (key, length) => {
      if ((await head(key)) === undefined) return undefined
      const handle = await open(pathOf(key), "r")
      try {
        const buffer = Buffer.alloc(length)
        const { bytesRead } = await handle.read(buffer, 0, length, 0)
        return new Uint8Array(buffer.subarray(0, bytesRead))
      } finally {
        await handle.close()
      }
    },
    read: async (key) => {
      if ((await head(key)) === undefined) return undefined
      return new Uint8Array(await readFile(pathOf(key)))
    },
    stream: (key) => Readable.toWeb(createReadStream(pathOf(key))) as ReadableStream<Uint8Array>,
    delete: async (key) => {
      await rm(pathOf(key), { force: true })
    },
    putPart: async (uploadId, partNumber, bytes) => {
      const dir = partsOf(uploadId)
      await mkdir(dir, { recursive: true })
      const temp = resolve(dir, `.${partNumber}.${randomBytes(6).toString("hex")}`)
      await writeFile(temp, bytes)
      // rename over an earlier copy of the same part: the last post wins, readers never see half a part
      await rename(temp, resolve(dir, String(partNumber)))
    },
    assemble: (uploadId, count, key) =>
      publish(key, async (temp) => {
        const dir = partsOf(uploadId)
        const out = await open(temp, "wx")
        try {
          for (let part = 1; part <= count; part++) await out.write(await readFile(resolve(dir, String(part))))
        } finally {
          await out.close()
        }
      }),
    dropParts: async (uploadId) => {
      await rm(partsOf(uploadId), { recursive: true, force: true })
    }
  }
}

const stores = new Map<string, ObjectStore>()

/** The store the server's config names (one per upload directory). An S3/OSS adapter would plug in here. */
export const objectStoreFor = (config: { readonly uploadDir: string }): ObjectStore => {
  const existing = stores.get(config.uploadDir)
  if (existing !== undefined) return existing
  const store = localObjectStore(config.uploadDir)
  stores.set(config.uploadDir, store)
  return store
}
