import { randomBytes } from "node:crypto"
import { createReadStream } from "node:fs"
import { link, mkdir, open, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises"
import { dirname, resolve, sep } from "node:path"
import { Readable } from "node:stream"
import { isSafeKey, type ObjectStore } from "./objectStorePort.js"

const SAFE_UPLOAD_ID = /^[A-Za-z0-9_-]{8,128}$/

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT"
const isExisting = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === "EEXIST"

/** The local adapter: objects as files under uploadDir (one store per server, built in the composition root). */
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
