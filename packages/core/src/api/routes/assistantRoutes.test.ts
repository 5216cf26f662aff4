import { describeRoutes } from "../../testing/describeRoutes.js"
import { assistantExamples } from "../examples/assistantExamples.js"
import { assistantRoutes } from "./assistantRoutes.js"

const conversation = { id: 1, title: "新对话", last_text: "", created_at: "2026-11-25 20:10:00", updated_at: "2026-11-25 20:10:00" }
const message = { id: 1, conversation_id: 1, role: "user", text: "你好", image_urls: [], created_at: "2026-11-25 20:10:00" }

describeRoutes("assistant", assistantRoutes, assistantExamples, {
  info: { malformed: [{ engine: "本地演示引擎", offline: "yes", draw_engine: "本地演示引擎", cost: 8 }, { engine: "x", offline: true, draw_engine: "x", cost: -1 }] },
  conversations: {
    malformed: [{ list: [{ ...conversation, id: 0 }] }, { list: [{ ...conversation, title: 3 }] }],
    badInputs: [{ size: "0" }, { size: "51" }, { cursor: "" }]
  },
  create: { malformed: [{ ...conversation, id: -1 }], badInputs: [{ title: "" }, { title: "   " }, { title: "长".repeat(41) }] },
  rename: { malformed: [{ id: 1 }], badInputs: [{ id: 1 }, { id: 0, title: "好" }, { id: 1, title: "" }] },
  remove: { malformed: [{}, { id: "1" }], badInputs: [{}, { id: -3 }] },
  messages: {
    malformed: [{ list: [{ ...message, role: "system" }] }, { list: [{ ...message, drawing: { prompt: "p", cost: 1 } }] }],
    badInputs: [{}, { conversation_id: "0" }, { conversation_id: "1", size: "100" }]
  },
  send: {
    malformed: [{ question: message }, { question: message, answer: { ...message, role: "bot" } }],
    badInputs: [
      { conversation_id: 1, text: "" },
      { conversation_id: 1, text: "  " },
      { conversation_id: 1, text: "画".repeat(2001) },
      { conversation_id: 1, text: "画", image_urls: ["a", "b", "c", "d"] },
      { text: "画" }
    ]
  },
  draw: { malformed: [{ ...message, drawing: { prompt: "p", structured: {}, cost: 1 } }], badInputs: [{ message_id: 1 }, { message_id: 1, points: -1 }, { points: 8 }] }
})
