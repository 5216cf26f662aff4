import type { RouteExamples } from "../../Route.js"
import type { articleRoutes } from "../../routes/community/articleRoutes.js"
import { sampleArticle } from "../communitySamples.js"

const { content: _content, is_like: _isLike, is_owner: _isOwner, ...sampleSummary } = sampleArticle

/** Wire-form examples of the article routes (docs/api.md and the decode tests; never shipped to the browser). */
export const articleExamples: RouteExamples<typeof articleRoutes> = {
  articleList: { input: { page: "1", size: "20" }, data: { list: [sampleSummary], total: 1 } },
  articleDetail: { input: { id: "7001" }, data: sampleArticle },
  articlePublish: {
    input: { title: sampleArticle.title, cover: "https://cdn.mido.example.com/article/7001/cover.png", summary: sampleArticle.summary, content: sampleArticle.content },
    data: { ...sampleArticle, view_count: 0, like_count: 0, is_owner: true }
  }
}
