import { Effect } from "effect"
import { artworkRoutes } from "../api/routes/artworkRoutes.js"
import { accountRoutes } from "../api/routes/user/accountRoutes.js"
import { collectRoutes } from "../api/routes/user/collectRoutes.js"
import { socialRoutes } from "../api/routes/user/socialRoutes.js"
import type { ApiClientShape } from "./ApiClient.js"
import { FollowNotApplied } from "./Artworks.js"
import type { PeopleShape } from "./People.js"
import type { SessionShape } from "./Session.js"
import { validateInput } from "./validateInput.js"

/** What People works with; PeopleLive reads it from the context when the app starts. */
export interface PeopleDependencies {
  readonly api: ApiClientShape
  readonly session: SessionShape
}

/** People's implementation (see PeopleShape), loaded on first use with the other deferred services. */
export const makePeople = ({ api, session }: PeopleDependencies): PeopleShape => {
  const send = <R extends Parameters<ApiClientShape["call"]>[0]>(route: R, raw: unknown) =>
    Effect.flatMap(validateInput(route, raw), (input) => api.call(route, input))

  return {
    profile: (uid) => api.call(socialRoutes.profile, { uid }),
    publicWorks: (uid, cursor, size) => api.call(artworkRoutes.profileList, { uid, size, ...(cursor === undefined ? {} : { cursor }) }),
    ownWorks: (page, size) => api.call(artworkRoutes.libraryList, { page, size }),
    publish: (artworkId, title, aiGenerated) => send(artworkRoutes.auditSubmit, { artwork_id: artworkId, title, ...(aiGenerated === true ? { ai_generated: true } : {}) }),
    unpublish: (artworkId) => api.call(artworkRoutes.deleteProfileArtwork, { id: artworkId }),
    groups: (uid, page, size) => api.call(artworkRoutes.groupList, { uid, page, size }),
    groupWorks: (groupId, page, size) =>
      Effect.map(api.call(artworkRoutes.groupDetail, { id: groupId, page, size }), ({ list, total }) => ({ list, total })),
    createGroup: (name) => send(artworkRoutes.createGroup, { name }),
    renameGroup: (groupId, name) => send(artworkRoutes.updateGroup, { id: groupId, name }),
    deleteGroup: (groupId) => Effect.asVoid(api.call(artworkRoutes.deleteGroup, { id: groupId })),
    addToGroup: (groupId, artworkIds) =>
      Effect.map(send(artworkRoutes.addToGroup, { group_id: groupId, artwork_ids: artworkIds }), ({ added, artwork_count }) => ({ added, artwork_count })),
    likes: (uid, page, size) => api.call(artworkRoutes.userLikes, { uid, page, size }),
    collections: (uid, page, size) => api.call(collectRoutes.collectList, { page, size, ...(uid === undefined ? {} : { uid }) }),
    follows: (uid, type, page, size) => api.call(socialRoutes.followList, { uid, type, page, size }),
    setFollow: (uid, follow) =>
      Effect.flatMap(api.call(socialRoutes.follow, { uid, action: follow ? "follow" : "unfollow" }), ({ success }) =>
        success ? Effect.succeed(follow) : Effect.fail(new FollowNotApplied({ message: follow ? "关注失败，请稍后重试" : "取消关注失败，请稍后重试" }))),
    editProfile: (edit) =>
      Effect.tap(send(accountRoutes.edit, edit), () => Effect.ignore(session.refreshUser))
  }
}
