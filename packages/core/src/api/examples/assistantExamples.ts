import type { RouteExamples } from "../Route.js"
import type { assistantRoutes } from "../routes/assistantRoutes.js"
import { OSS } from "./accountSamples.js"

const TASK_ID = "3c9e1a7b-2d4f-4b6a-8e0c-1f2a3b4c5d6e"
const upload = `${OSS}/uploads/u/10001/2026/11/cat-photo.jpg`

const conversation = {
  id: 41,
  title: "海边的灯塔",
  last_text: "好的，我按下面的要点来画：…",
  created_at: "2026-11-25 20:10:00",
  updated_at: "2026-11-25 20:12:30"
}

const structured = { subject: "海边悬崖上的灯塔", style: "水彩", composition: "远景，三分法构图", lighting: "黄昏暖光" }
const prompt = "海边悬崖上的灯塔, 水彩, 远景，三分法构图, 黄昏暖光"

const question = { id: 901, conversation_id: 41, role: "user" as const, text: "帮我画一座海边悬崖上的灯塔，水彩风格，黄昏", image_urls: [], created_at: "2026-11-25 20:12:30" }
const proposal = {
  id: 902,
  conversation_id: 41,
  role: "assistant" as const,
  text: "我是本地演示引擎（规则整理提示词，不是大模型）。我把你的描述整理成了下面的绘画要点，确认后开始绘制。",
  image_urls: [],
  drawing: { prompt, structured, cost: 8 },
  engine: "本地演示引擎",
  created_at: "2026-11-25 20:12:30"
}
const task = {
  id: TASK_ID,
  type: "agent" as const,
  status: "succeeded" as const,
  progress: 100,
  images: [{ artwork_id: 3201, url: `${OSS}/uploads/generated/u/10001/${TASK_ID}/1.png`, width: 1024, height: 1024 }],
  num: 1,
  cost: 8,
  refunded: 0,
  prompt,
  engine: "本地演示引擎",
  params: { type: "agent" as const, prompt, image_urls: [], num: 1, size: "1024x1024" as const, request_id: "assistant-902" },
  created_at: "2026-11-25 20:12:40",
  started_at: "2026-11-25 20:12:41",
  finished_at: "2026-11-25 20:12:42"
}

/** Wire-form examples of the assistant routes (docs/api.md and the decode tests; never shipped to the browser). */
export const assistantExamples: RouteExamples<typeof assistantRoutes> = {
  info: { input: {}, data: { engine: "本地演示引擎", offline: true, draw_engine: "本地演示引擎", cost: 8 } },
  conversations: { input: { size: "20" }, data: { list: [conversation], next_cursor: "2026-11-25T12:12:30.000Z_41" } },
  create: { input: {}, data: { ...conversation, id: 42, title: "新对话", last_text: "", updated_at: "2026-11-25 20:20:00", created_at: "2026-11-25 20:20:00" } },
  rename: { input: { id: 41, title: "灯塔系列" }, data: { ...conversation, title: "灯塔系列" } },
  remove: { input: { id: 41 }, data: { id: 41 } },
  messages: {
    input: { conversation_id: "41", size: "30" },
    data: { list: [{ ...proposal, drawing: { ...proposal.drawing, task } }, question], next_cursor: "901" }
  },
  send: {
    input: { conversation_id: 41, text: "把这张照片里的猫画成油画", image_urls: [upload] },
    data: {
      question: { ...question, id: 903, text: "把这张照片里的猫画成油画", image_urls: [upload] },
      answer: { ...proposal, id: 904, drawing: { prompt: "猫, 油画", structured: { subject: "猫", style: "油画", composition: "主体居中", lighting: "柔和自然光" }, edit_of: upload, cost: 8 } }
    }
  },
  draw: { input: { message_id: 902, points: 8 }, data: { ...proposal, drawing: { ...proposal.drawing, task: { ...task, status: "queued", position: 1, progress: 0, images: [], started_at: undefined, finished_at: undefined } } } }
}
