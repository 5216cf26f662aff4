import type { RouteExamples } from "../Route.js"
import type { messageRoutes } from "../routes/messageRoutes.js"
import { sampleUnread } from "./accountSamples.js"
import { CDN } from "./artworkSamples.js"

const likeContent = JSON.stringify({
  title: "赞了你的作品",
  content: "画画的阿雪 赞了你的作品《江南烟雨》",
  user_head: `${CDN}/avatar/10086.png`,
  user_uid: 10086,
  user_name: "画画的阿雪",
  cover: `${CDN}/artwork/2026/11/52031.png`,
  type: "artwork",
  target_id: 52031
})

/** Wire-form examples of the message routes (docs/api.md and the decode tests; never shipped to the browser). */
export const messageExamples: RouteExamples<typeof messageRoutes> = {
  unreadCount: { input: {}, data: sampleUnread },
  list: {
    input: { page: "1", size: "20", type: "like" },
    data: { list: [{ id: 7001, type: "like", is_read: 0, created_at: 1795338600, content: likeContent }], total: 7 }
  },
  read: {
    input: { ids: [7001, 7000] },
    data: { updated: 2, unread: { ...sampleUnread, total: 10, like: 5 } }
  }
}
