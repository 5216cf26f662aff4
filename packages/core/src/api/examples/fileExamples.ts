import type { RouteExamples } from "../Route.js"
import type { fileRoutes } from "../routes/fileRoutes.js"
import type { StoredFile } from "../schemas/Upload.js"
import { OSS, pngBlob } from "./accountSamples.js"

const KEY = "uploads/20001/202611/20261122183000k3j9x2.png"
const UPLOAD_ID = "mpu_5Ty8Kq2LzX9wR3vN"

const sampleFile: typeof StoredFile.Encoded = {
  id: 30017,
  key: KEY,
  url: `${OSS}/${KEY}`,
  size: 2_345_678,
  width: 1024,
  height: 1536,
  content_type: "image/png"
}

/** Wire-form examples of the file routes (docs/api.md and the decode tests; never shipped to the browser). */
export const fileExamples: RouteExamples<typeof fileRoutes> = {
  upload: { input: { file: pngBlob(), scene: "avatar" }, data: { url: `${OSS}/${KEY}`, key: KEY } },
  ossToken: {
    input: { type: "21" },
    data: {
      dir: "uploads/20001/202611/",
      access_id: "LTAI5tMidoDemoKey",
      policy: "eyJleHBpcmF0aW9uIjoiMjAyNi0xMS0yMlQxMDo0MDowMFoiLCJjb25kaXRpb25zIjpbXX0=",
      signature: "pX3v0Zk2m8cH1sQ7yT4uW9eR6aB=",
      host: OSS,
      expire: 1795339200
    }
  },
  fileCreate: { input: { key: KEY, scene: "reference", name: "参考图.png" }, data: sampleFile },
  multipartInit: {
    input: { file_name: "山水长卷.png", file_size: 12_582_912, content_type: "image/png", scene: "artwork" },
    data: { upload_id: UPLOAD_ID, key: KEY, part_size: 5_242_880, part_count: 3, expire_at: 1795425000 }
  },
  multipartPart: {
    input: { upload_id: UPLOAD_ID, part_number: "1", file: pngBlob("part-1") },
    data: { part_number: 1, etag: "\"9b2cf535f27731c974343645a3985328\"", size: 5_242_880 }
  },
  multipartAbort: { input: { upload_id: UPLOAD_ID }, data: { success: true } },
  multipartComplete: {
    input: {
      upload_id: UPLOAD_ID,
      parts: [
        { part_number: 1, etag: "\"9b2cf535f27731c974343645a3985328\"" },
        { part_number: 2, etag: "\"6f5902ac237024bdd0c176cb93063dc4\"" },
        { part_number: 3, etag: "\"3b5d5c3712955042212316173ccf37be\"" }
      ]
    },
    data: { ...sampleFile, size: 12_582_912 }
  },
  snapshot: { input: { key: KEY, width: 300 }, data: { url: `${OSS}/thumbs/20001/300/20261122183000k3j9x2.png`, width: 300, height: 450 } },
  download: { input: { key: KEY }, data: { url: `${OSS}/${KEY}?download=1&expires=1795339200&sig=Yw3k`, file_name: "image_1.png", expire_in: 300 } }
}
