import type { RouteExamples } from "../../Route.js"
import type { activityRoutes } from "../../routes/community/activityRoutes.js"
import { sampleCard } from "../artworkSamples.js"
import { sampleActivity, sampleActivityWork, sampleArticle, sampleSpecialTopic } from "../communitySamples.js"

const { content: _content, is_like: _isLike, is_owner: _isOwner, ...sampleSummary } = sampleArticle

/** Wire-form examples of the activity and special-topic routes (docs/api.md and the decode tests; never shipped to the browser). */
export const activityExamples: RouteExamples<typeof activityRoutes> = {
  activityList: { input: { status: "ongoing", page: "1", size: "10" }, data: { list: [sampleActivity], total: 1 } },
  activityDetail: { input: { key: "winter-2026" }, data: sampleActivity },
  activityWorks: { input: { activity_id: "12", sort: "hot", page: "1", size: "20" }, data: { list: [sampleActivityWork], total: 861 } },
  activitySubmitWork: {
    input: { activity_id: 12, artwork_id: 52031, description: "雪夜里的江南小镇，灯笼映着石桥。" },
    data: { ...sampleActivityWork, vote_count: 0 }
  },
  specialTopicList: { input: { page: "1", size: "20" }, data: { list: [sampleSpecialTopic], total: 1 } },
  specialTopicDetail: {
    input: { key: "guofeng-2026", page: "1", size: "20" },
    data: {
      topic: sampleSpecialTopic,
      list: [{ kind: "artwork", artwork: sampleCard }, { kind: "article", article: sampleSummary }],
      total: 24
    }
  }
}
