import type { RouteExamples } from "../Route.js"
import type { generationRoutes } from "../routes/generationRoutes.js"
import type { TaskSubmitWire } from "../schemas/TaskSubmit.js"
import { OSS } from "./accountSamples.js"

const TASK_ID = "0b7c6a52-3f1e-4d8a-9c2b-5e4f1a2b3c4d"
const RETRY_ID = "6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c"

const sdParams: TaskSubmitWire = {
  type: "sd",
  prompt: "a lighthouse on a cliff at dusk, <lora:film_grain:0.6>",
  negative_prompt: "lowres, blurry",
  checkpoint: "majicmixRealistic_v7",
  loras: [{ name: "film_grain", weight: 0.6 }],
  sampler: "DPM++ 2M",
  schedule_type: "Karras",
  steps: 24,
  cfg_scale: 7,
  width: 768,
  height: 1024,
  seed: 1234567890,
  num: 2
}

const image = (id: number) => ({ artwork_id: id, url: `${OSS}/generated/u/10001/${TASK_ID}/${id}.png`, width: 768, height: 1024 })

const done = {
  id: TASK_ID,
  type: "sd" as const,
  status: "succeeded" as const,
  progress: 100,
  images: [image(3101), image(3102)],
  num: 2,
  cost: 8,
  refunded: 0,
  prompt: sdParams.prompt,
  model: "majicmixRealistic_v7",
  engine: "Stable Diffusion WebUI",
  params: sdParams,
  created_at: "2026-11-25 20:15:02",
  started_at: "2026-11-25 20:15:03",
  finished_at: "2026-11-25 20:15:41"
}

const queued = { ...done, status: "queued" as const, position: 3, progress: 0, images: [], started_at: undefined, finished_at: undefined }

/** Wire-form examples of the task routes (docs/api.md and the decode tests; never shipped to the browser). */
export const generationExamples: RouteExamples<typeof generationRoutes> = {
  submit: { input: { ...sdParams, seed: -1, request_id: "b1f0c2d9e8a7" }, data: queued },
  info: {
    input: { id: TASK_ID },
    data: { ...done, status: "running", progress: 45, preview_url: `${OSS}/generated/u/10001/${TASK_ID}/preview.jpg`, images: [image(3101)], finished_at: undefined }
  },
  list: { input: { size: "20", q: "lighthouse", type: "sd" }, data: { list: [done], next_cursor: "2026-11-25T12:15:02.000Z_0b7c6a52" } },
  cancel: { input: { id: TASK_ID }, data: { ...done, status: "cancelled", images: [image(3101)], refunded: 4, finished_at: "2026-11-25 20:15:30" } },
  retry: { input: { id: TASK_ID }, data: { ...queued, id: RETRY_ID, retry_of: TASK_ID, position: 1 } },
  catalog: {
    input: { type: "sd" },
    data: {
      engine: "本地演示引擎",
      offline: true,
      checkpoints: ["本地演示·水彩", "本地演示·霓虹"],
      loras: [],
      samplers: ["Euler a", "DPM++ 2M"],
      schedulers: ["Automatic", "Karras"],
      upscalers: ["Lanczos"]
    }
  },
  quickStyles: {
    input: {},
    data: {
      list: [
        { group: "default", name: "水彩插画", cover: `${OSS}/uploads/presets/quick-watercolor.jpg`, description: "通透的水彩晕染" },
        { group: "pro", name: "电影质感", cover: `${OSS}/uploads/presets/quick-cinematic.jpg` }
      ]
    }
  },
  mjVersions: {
    input: {},
    data: { list: [{ name: "v7", label: "MJ V7", cover: `${OSS}/uploads/presets/mj-v7.jpg`, description: "写实细节更丰富" }] }
  }
}
