import type { RouteExamples } from "../../Route.js"
import type { circleRoutes } from "../../routes/community/circleRoutes.js"
import { sampleAuthor } from "../artworkSamples.js"
import { sampleCircle } from "../communitySamples.js"

/** Wire-form examples of the circle routes (docs/api.md and the decode tests; never shipped to the browser). */
export const circleExamples: RouteExamples<typeof circleRoutes> = {
  circleList: { input: { scope: "all", keyword: "国风", page: "1", size: "20" }, data: { list: [sampleCircle], total: 1 } },
  circleDetail: { input: { id: "301" }, data: sampleCircle },
  circleCreate: {
    input: { name: sampleCircle.name, avatar: sampleCircle.avatar, cover: sampleCircle.cover, description: sampleCircle.description },
    data: { ...sampleCircle, member_count: 1, post_count: 0, is_owner: true }
  },
  circleUpdate: {
    input: { id: 301, name: "国风插画研习社", avatar: sampleCircle.avatar, cover: sampleCircle.cover, description: "每周一次主题作业，欢迎新人。" },
    data: { ...sampleCircle, description: "每周一次主题作业，欢迎新人。", is_owner: true }
  },
  circleJoin: { input: { id: 301 }, data: { is_joined: true, member_count: 2361 } },
  circleLeave: { input: { id: 301 }, data: { is_joined: false, member_count: 2359 } },
  circleMembers: { input: { id: "301", page: "1", size: "20" }, data: { list: [{ user: sampleAuthor, role: "owner", joined_at: 1767225600 }], total: 2360 } }
}
