import { randomBytes } from "node:crypto"
import { describe, expect, it } from "vitest"
import type { ObjectStore } from "../../src/adapters/storage/objectStorePort.js"

/**
 * What every ObjectStore promises (objectStorePort.ts), run against each adapter: the local disk and
 * an S3 bucket (s3rver). Keys are fresh per test, so one store serves the whole suite.
 */
export const objectStoreContract = (name: string, store: () => ObjectStore) => {
  let n = 0
  const fresh = (ext = "png") => `u/7/202611/contract_${Date.now()}_${(n += 1)}.${ext}`
  const PNG_START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  const bytes = (size: number) => {
    const data = new Uint8Array(randomBytes(size))
    data.set(PNG_START.slice(0, Math.min(size, 8)))
    return data
  }
  const readStream = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer())

  describe(`ObjectStore contract: ${name}`, () => {
    it("create stores the bytes; head, read, readStart and stream give them back", async () => {
      const key = fresh()
      const data = bytes(3000)
      expect(await store().create(key, data)).toBe(true)
      expect(await store().head(key)).toEqual({ size: 3000 })
      expect(await store().read(key)).toEqual(data)
      expect(await store().readStart(key, 8)).toEqual(data.subarray(0, 8))
      expect(await store().readStart(key, 10_000)).toEqual(data)
      expect(await readStream(store().stream(key))).toEqual(data)
    })

    it("create never overwrites: false, and the first bytes stay", async () => {
      const key = fresh()
      const first = bytes(100)
      await store().create(key, first)
      expect(await store().create(key, bytes(200))).toBe(false)
      expect(await store().read(key)).toEqual(first)
    })

    it("a missing key: head, read and readStart answer undefined; delete is quiet", async () => {
      const key = fresh()
      expect(await store().head(key)).toBeUndefined()
      expect(await store().read(key)).toBeUndefined()
      expect(await store().readStart(key, 8)).toBeUndefined()
      await expect(store().delete(key)).resolves.toBeUndefined()
    })

    it("delete removes the object", async () => {
      const key = fresh()
      await store().create(key, bytes(10))
      await store().delete(key)
      expect(await store().head(key)).toBeUndefined()
    })

    it("an object over 5 MiB round-trips (S3: the multipart API)", async () => {
      const key = fresh()
      const data = bytes(6 * 1024 * 1024 + 17)
      expect(await store().create(key, data)).toBe(true)
      expect(await store().head(key)).toEqual({ size: data.byteLength })
      expect(Buffer.from((await store().read(key))!).equals(Buffer.from(data))).toBe(true)
    })

    it("unsafe keys are refused before anything is touched (R20)", async () => {
      for (const key of ["../etc/passwd", "/abs/key.png", ".multipart/x/1", "u/7/../../x.png", "a\\b.png"]) {
        await expect(store().create(key, bytes(10))).rejects.toThrow()
        await expect(store().read(key)).rejects.toThrow()
      }
    })

    it("parts: the last post of a part wins, assemble joins 1…count in order, dropParts forgets them (R21)", async () => {
      const uploadId = `mpu_${randomBytes(12).toString("base64url")}`
      const [one, two, three] = [bytes(1500), bytes(700), bytes(300)]
      await store().putPart(uploadId, 2, bytes(5))
      await store().putPart(uploadId, 3, three)
      await store().putPart(uploadId, 1, one)
      await store().putPart(uploadId, 2, two)
      const key = fresh()
      expect(await store().assemble(uploadId, 3, key)).toBe(true)
      expect(await store().read(key)).toEqual(new Uint8Array([...one, ...two, ...three]))
      expect(await store().assemble(uploadId, 3, key)).toBe(false)
      await store().dropParts(uploadId)
      await expect(store().assemble(uploadId, 3, fresh())).rejects.toThrow()
    })

    it("an unsafe upload id is refused", async () => {
      await expect(store().putPart("../../x", 1, bytes(3))).rejects.toThrow()
    })
  })
}
