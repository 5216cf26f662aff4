import type { RouteExamples } from "../../Route.js"
import type { postRoutes } from "../../routes/community/postRoutes.js"
import { samplePost } from "../communitySamples.js"

/** Wire-form examples of the post routes (docs/api.md and the decode tests; never shipped to the browser). */
export const postExamples: RouteExamples<typeof postRoutes> = {
  postList: { input: { circle_id: "301", sort: "new", feed: "new", size: "20" }, data: { list: [samplePost], next_cursor: "1795340400.90017" } },
  postDetail: { input: { id: "90017" }, data: samplePost },
  postPublish: {
    input: {
      circle_id: 301,
      content: samplePost.content,
      images: [{ url: "https://cdn.mido.example.com/post/90017/1.png", width: 768, height: 1024 }],
      artwork_id: 52031,
      topics: ["国风", "AI绘画"]
    },
    data: { ...samplePost, like_count: 0, comment_count: 0, collect_count: 0, share_count: 0, is_owner: true, reward: 50 }
  },
  postLike: { input: { id: 90017, action: "like" }, data: { is_like: true, like_count: 59 } }
}
