import { Api } from "@mido/core/contract"
import { asc } from "drizzle-orm"
import type { Hono } from "hono"
import { categories } from "../../db/schema/artworks.js"
import { addToGroup, createGroup, deleteGroup, groupDetail, groupList, updateGroup } from "./artworkGroups.js"
import { artworkInfo } from "./artworkInfo.js"
import { deleteArtworks, libraryList, libraryTypes, submitForAudit, withdrawArtwork } from "./artworkLibrary.js"
import { saveUploadedArtwork } from "./artworkUpload.js"
import { feedCacheKey, feedPage } from "./feed.js"
import { feedViewerFlags } from "./feedViewer.js"
import { mayView } from "../users/profileSettings.js"
import { reactedArtworks } from "./reactions.js"
import { addSdModel, mySdModels, sdModelInfo } from "./sdModels.js"
import { requireUser } from "../users/requireUser.js"
import { isMember } from "../users/userView.js"
import { implement, implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { checkArtworkPublish } from "./artworkPublishCheck.js"

const emptyPage = { list: [], total: 0 }

/**
 * Artworks and groups (spec §7): the square's feed (keyset, R39), the detail dialog, the owner's
 * library and the way to publishing, groups, categories, a user's likes and posts, and the SD model
 * catalogue. Writes carry the owner's uid in the query (R11); counters and states are the server's
 * (R12); prompts are stored and served as the text they are (R16).
 */
export const registerArtworks = (app: Hono, deps: ServerDeps) => {
  const { db } = deps

  // The hot path (R39): cards built by cardAt from typed rows are already wire form (see ServeOptions);
  // a visitor's pages are shared by every visitor for a few seconds (deps.feedCache, docs/deploy.md),
  // and are the shared part of a member's (feedViewer.ts)
  implement(
    app,
    deps,
    Api.artwork.profileList,
    async (input, { uid }) =>
      feedPage(db, { viewer: uid, uid: input.uid, type: input.type, categoryId: input.category_id, sort: input.sort, cursor: input.cursor, size: input.size }),
    {
      output: "identity",
      shared: {
        cache: deps.feedCache,
        key: (input) => feedCacheKey({ uid: input.uid, type: input.type, categoryId: input.category_id, sort: input.sort, cursor: input.cursor, size: input.size }),
        // a member's page is the visitor's with their own hearts (ADR 0027): one look-up, not the page's read
        viewerFlags: feedViewerFlags(db)
      }
    }
  )

  implement(app, deps, Api.artwork.info, async ({ id }, { uid }) => artworkInfo(db, id, uid, deps.artworkViews, deps.feedCache, deps.viewerFlags))

  implementAuthed(app, deps, Api.artwork.deleteProfileArtwork, async ({ id }, { uid }) => withdrawArtwork(db, deps.feedCache, uid, id))

  implementAuthed(app, deps, Api.artwork.libraryList, async (input, { uid }) => libraryList(db, uid, input))

  implementAuthed(app, deps, Api.artwork.types, async (_input, { uid }) => ({ list: await libraryTypes(db, uid) }))

  implementAuthed(app, deps, Api.artwork.deleteArtworks, async ({ ids }, { uid }) => ({ deleted: await deleteArtworks(db, deps.feedCache, uid, ids, deps.now()) }))

  implementAuthed(app, deps, Api.artwork.auditSubmit, async (input, { uid }) => {
    await checkArtworkPublish(deps, uid, input)
    return db.transaction((tx) => submitForAudit(tx, uid, input, deps.now()))
  })

  implementAuthed(app, deps, Api.artwork.upload, async (input, { uid }) => saveUploadedArtwork(db, deps.config, deps.objectStore, uid, input, deps.now()))

  implement(app, deps, Api.artwork.categoryList, async () => ({
    list: (await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id))).map((row) => ({
      id: row.id,
      name: row.name,
      key: row.key,
      sort: row.sort
    }))
  }))

  implementAuthed(app, deps, Api.artwork.createGroup, async (input, { uid }) => db.transaction((tx) => createGroup(tx, uid, input, deps.now())))

  implementAuthed(app, deps, Api.artwork.updateGroup, async (input, { uid }) => db.transaction((tx) => updateGroup(tx, uid, input, deps.now())))

  implementAuthed(app, deps, Api.artwork.deleteGroup, async ({ id }, { uid }) => {
    await deleteGroup(db, uid, id)
    return { success: true }
  })

  implementAuthed(app, deps, Api.artwork.addToGroup, async ({ group_id, artwork_ids }, { uid }) =>
    db.transaction((tx) => addToGroup(tx, uid, group_id, artwork_ids, deps.now()))
  )

  implement(app, deps, Api.artwork.groupDetail, async ({ id, page, size }, { uid }) => {
    const detail = await groupDetail(db, id, uid, page, size, (owner) => mayView(db, owner, uid, "show_groups"))
    const { owner } = detail
    return { ...detail, owner: { uid: owner.uid, nickname: owner.nickname, avatar: owner.avatar, is_vip: isMember(owner, deps.now()) } }
  })

  implement(app, deps, Api.artwork.groupList, async ({ uid: owner, page, size }, { uid }) => {
    await requireUser(db, owner)
    if (!(await mayView(db, owner, uid, "show_groups"))) return emptyPage
    return groupList(db, owner, uid, page, size)
  })

  implement(app, deps, Api.artwork.userLikes, async ({ uid: owner, page, size }, { uid }) => {
    await requireUser(db, owner)
    if (!(await mayView(db, owner, uid, "show_likes"))) return emptyPage
    return reactedArtworks(db, "like", { owner, viewer: uid, page, size })
  })

  implement(app, deps, Api.artwork.modelInfo, async ({ name, type }, { uid }) => sdModelInfo(db, name, type, uid))

  implementAuthed(app, deps, Api.artwork.addSdModel, async ({ model_id }, { uid }) => {
    await addSdModel(db, uid, model_id, deps.now())
    return { success: true }
  })

  implementAuthed(app, deps, Api.artwork.mySdModels, async (_input, { uid }) => mySdModels(db, uid))
}
