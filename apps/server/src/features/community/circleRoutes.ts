import { type CircleCreate } from "@mido/core"
import { Api } from "@mido/core/contract"
import { and, asc, desc, eq, ilike, type SQL, sql } from "drizzle-orm"
import type { Hono } from "hono"
import { circleMembers, circles } from "../../db/schema/community.js"
import { findCircle, loadCircle, toCircles } from "./communityCircles.js"
import { isUniqueViolation } from "./communityDbErrors.js"
import { allOwnUploads } from "./communityImages.js"
import { containsPattern } from "./communityText.js"
import { briefOf, loadBriefs } from "./communityViews.js"
import { implement, implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { ApiFailure, badInput, Codes, conflict, forbidden } from "../../platform/failure.js"
import { unixSeconds } from "../../platform/chinaTime.js"
import { objectBaseUrl } from "../files/storedFiles.js"
import { moderateTexts } from "../moderation/textCheck.js"

/** How many circles one user may own; keeps the circle list from being flooded. */
export const MAX_OWNED_CIRCLES = 10

const NAME_TAKEN = "圈子名称已被使用，换一个吧"

/** The avatar and cover must be the caller's own uploads; on edit, the images already there may stay. */
const checkImages = async (deps: ServerDeps, uid: number, form: CircleCreate, current: ReadonlyArray<string> = []) => {
  if (!(await allOwnUploads(deps.db, objectBaseUrl(deps.config), uid, [form.avatar, form.cover], current))) throw badInput("请先上传圈子头像和封面")
}

const renameConflicts = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(NAME_TAKEN)
    throw error
  }
}

/** 圈子: list, detail, create, update (owner only, R11), join, leave, members. */
export const registerCircles = (app: Hono, deps: ServerDeps) => {
  const { db } = deps

  implement(app, deps, Api.community.circleList, async (input, { uid }) => {
    if (input.scope !== "all" && uid === undefined) throw new ApiFailure(Codes.unauthorized, "请先登录")
    const filters: Array<SQL | undefined> = [
      input.keyword !== undefined && input.keyword !== "" ? ilike(circles.name, containsPattern(input.keyword)) : undefined,
      input.scope === "owned" ? eq(circles.ownerUid, uid!) : undefined,
      input.scope === "joined"
        ? sql`exists (select 1 from ${circleMembers} where ${circleMembers.circleId} = ${circles.id} and ${circleMembers.uid} = ${uid!})`
        : undefined
    ]
    const where = and(...filters)
    const rows = await db.select().from(circles).where(where)
      .orderBy(desc(circles.memberCount), asc(circles.id)).limit(input.size).offset((input.page - 1) * input.size)
    const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(circles).where(where)
    return { list: await toCircles(db, rows, uid, deps.now()), total: count?.total ?? 0 }
  })

  implement(app, deps, Api.community.circleDetail, async (input, { uid }) => loadCircle(db, input.id, uid, deps.now()))

  implementAuthed(app, deps, Api.community.circleCreate, async (input, { uid }) => {
    await moderateTexts(deps, uid, [{ place: "circle", text: input.name }, { place: "circle", text: input.description }])
    await checkImages(deps, uid, input)
    const now = deps.now()
    const id = await renameConflicts(() => db.transaction(async (tx) => {
      const [owned] = await tx.select({ total: sql<number>`count(*)::int` }).from(circles).where(eq(circles.ownerUid, uid))
      if ((owned?.total ?? 0) >= MAX_OWNED_CIRCLES) throw badInput(`每人最多创建 ${MAX_OWNED_CIRCLES} 个圈子`)
      const [taken] = await tx.select({ id: circles.id }).from(circles).where(eq(circles.name, input.name)).limit(1)
      if (taken !== undefined) throw conflict(NAME_TAKEN)
      const [row] = await tx.insert(circles).values({
        ownerUid: uid, name: input.name, avatar: input.avatar, cover: input.cover, description: input.description, memberCount: 1, createdAt: now
      }).returning({ id: circles.id })
      await tx.insert(circleMembers).values({ circleId: row!.id, uid, role: "owner", joinedAt: now })
      return row!.id
    }))
    return loadCircle(db, id, uid, now)
  })

  implementAuthed(app, deps, Api.community.circleUpdate, async (input, { uid }) => {
    await moderateTexts(deps, uid, [{ place: "circle", text: input.name }, { place: "circle", text: input.description }])
    const [mine] = await db.select({ avatar: circles.avatar, cover: circles.cover }).from(circles)
      .where(and(eq(circles.id, input.id), eq(circles.ownerUid, uid))).limit(1)
    if (mine !== undefined) await checkImages(deps, uid, input, [mine.avatar, mine.cover])
    // R11: the owner filter is part of the update itself; nobody else's circle can change
    const updated = await renameConflicts(() => db.update(circles)
      .set({ name: input.name, avatar: input.avatar, cover: input.cover, description: input.description })
      .where(and(eq(circles.id, input.id), eq(circles.ownerUid, uid))).returning({ id: circles.id }))
    if (updated.length === 0) {
      await findCircle(db, input.id)
      throw forbidden("只有圈主可以编辑圈子")
    }
    return loadCircle(db, input.id, uid, deps.now())
  })

  implementAuthed(app, deps, Api.community.circleJoin, async (input, { uid }) => db.transaction(async (tx) => {
    const circle = await findCircle(tx, input.id)
    const inserted = await tx.insert(circleMembers).values({ circleId: input.id, uid, role: "member", joinedAt: deps.now() })
      .onConflictDoNothing().returning({ uid: circleMembers.uid })
    if (inserted.length === 0) return { is_joined: true, member_count: circle.memberCount }
    const [row] = await tx.update(circles).set({ memberCount: sql`${circles.memberCount} + 1` })
      .where(eq(circles.id, input.id)).returning({ memberCount: circles.memberCount })
    return { is_joined: true, member_count: row!.memberCount }
  }))

  implementAuthed(app, deps, Api.community.circleLeave, async (input, { uid }) => db.transaction(async (tx) => {
    const circle = await findCircle(tx, input.id)
    if (circle.ownerUid === uid) throw forbidden("圈主不能退出自己的圈子")
    const removed = await tx.delete(circleMembers)
      .where(and(eq(circleMembers.circleId, input.id), eq(circleMembers.uid, uid))).returning({ uid: circleMembers.uid })
    if (removed.length === 0) return { is_joined: false, member_count: circle.memberCount }
    const [row] = await tx.update(circles).set({ memberCount: sql`greatest(${circles.memberCount} - 1, 0)` })
      .where(eq(circles.id, input.id)).returning({ memberCount: circles.memberCount })
    return { is_joined: false, member_count: row!.memberCount }
  }))

  implement(app, deps, Api.community.circleMembers, async (input) => {
    await findCircle(db, input.id)
    const where = and(eq(circleMembers.circleId, input.id), input.role !== undefined ? eq(circleMembers.role, input.role) : undefined)
    const rows = await db.select().from(circleMembers).where(where)
      .orderBy(sql`case ${circleMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`, asc(circleMembers.joinedAt), asc(circleMembers.uid))
      .limit(input.size).offset((input.page - 1) * input.size)
    const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(circleMembers).where(where)
    const briefs = await loadBriefs(db, rows.map((row) => row.uid), deps.now())
    return {
      list: rows.map((row) => ({ user: briefOf(briefs, row.uid), role: row.role, joined_at: unixSeconds(row.joinedAt) })),
      total: count?.total ?? 0
    }
  })
}
