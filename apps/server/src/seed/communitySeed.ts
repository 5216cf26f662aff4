import { and, eq, inArray, sql } from "drizzle-orm"
import type { Db } from "../db/database.js"
import { artworks } from "../db/schema/artworks.js"
import {
  activities, activityWorks, articles, assignments, circleMembers, circles, postLikes, posts, specialTopicItems, specialTopics, type StoredPostImage
} from "../db/schema/community.js"
import {
  SEED_ACTIVITIES, SEED_ARTICLES, SEED_AWARDS, SEED_CIRCLES, SEED_SQUARE_POSTS, SEED_TOPICS, SEED_WORK_NOTES
} from "./communitySeedData.js"
import { publicArtwork } from "../features/artworks/artworkView.js"
import { summaryFromMarkdown } from "../features/community/communityText.js"
import { seasonalActivityDates } from "./activityDates.js"
import { subjectsOfPrompt } from "../adapters/engine/offline/subjects/subjectTable.js"

/** The size of a picture drawn for a post from its text (seedPictures.ts draws it so). */
export const POST_PICTURE = { width: 512, height: 384 } as const

/** The words of a hand-in post for an assignment. */
export const handInText = (title: string): string => `交作业啦：${title.replace(/^.*：/, "")}，请圈主和大家指点！`

const DAY = 86_400_000
const HOUR = 3_600_000

/** A small deterministic random source (mulberry32), so the demo is the same on every machine. */
const random = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

interface SeedArtwork {
  readonly id: number
  readonly uid: number
  readonly title: string | null
  readonly cover: string
  readonly width: number
  readonly height: number
}

/**
 * A cover drawn from a community item's own title (seed/seedPictures.ts), by kind and title; undefined
 * where none was drawn (the item then takes an artwork's picture, as tests without pictures do).
 */
export type CommunityCovers = (
  kind: "circle" | "circle-avatar" | "assignment" | "article" | "activity" | "activity-banner" | "topic" | "post",
  title: string
) => string | undefined

export interface CommunitySeedResult {
  readonly seeded: boolean
  readonly circles: number
  readonly posts: number
  readonly articles: number
  readonly activities: number
}

interface PlannedPost {
  readonly uid: number
  readonly circleId: number | null
  readonly assignmentId: number | null
  readonly content: string
  readonly topics: ReadonlyArray<string>
  readonly at: Date
}

/**
 * Demo community (issue 4 "Demo data"): four circles with members, posts, hand-ins and assignments
 * (one open, one closed), Markdown articles, five seasonal activities dated from today (one ongoing,
 * the next upcoming, the others ended with awards; AC7–AC9), special topics mixing artworks and
 * articles. Idempotent: it runs once per database, all or nothing (one transaction; a second run finds
 * the first circle and returns).
 */
export const seedCommunity = async (
  db: Db,
  options: { readonly users: ReadonlyArray<number>; readonly artworks: ReadonlyArray<number>; readonly now?: Date; readonly covers?: CommunityCovers }
): Promise<CommunitySeedResult> => {
  const now = options.now ?? new Date()
  const people = [...new Set(options.users)]
  const none: CommunitySeedResult = { seeded: false, circles: 0, posts: 0, articles: 0, activities: 0 }
  if (people.length === 0) return none
  return db.transaction(async (tx) => {
    const [done] = await tx.select({ id: circles.id }).from(circles).where(eq(circles.name, SEED_CIRCLES[0]!.name)).limit(1)
    if (done !== undefined) return none
    const next = random(20260501)
    const pick = <T>(items: ReadonlyArray<T>): T => items[Math.floor(next() * items.length)]!
    const ago = (maxDays: number) => new Date(now.getTime() - Math.floor(next() * maxDays * DAY) - HOUR)
    const person = (index: number) => people[index % people.length]!

    const art: ReadonlyArray<SeedArtwork> = options.artworks.length === 0 ? [] : (await tx.select({
      id: artworks.id, uid: artworks.userUid, title: artworks.title, cover: artworks.cover, width: artworks.width, height: artworks.height
    }).from(artworks).where(and(inArray(artworks.id, [...options.artworks]), publicArtwork)).orderBy(artworks.id))
    const artOf = (uid: number) => art.filter((work) => work.uid === uid)
    const image = (index: number) => art.length === 0 ? "" : art[index % art.length]!.cover
    const drawn = options.covers ?? (() => undefined)

    // circles, their members and assignments
    const plans: Array<PlannedPost> = []
    const circleIds: Array<number> = []
    for (const [index, circle] of SEED_CIRCLES.entries()) {
      const owner = person(index)
      const created = new Date(now.getTime() - (120 - index * 10) * DAY)
      const members = [owner, ...people.filter((uid) => uid !== owner && next() < 0.6)]
      const [row] = await tx.insert(circles).values({
        ownerUid: owner, name: circle.name, avatar: drawn("circle-avatar", circle.name) ?? image(index * 7), cover: drawn("circle", circle.name) ?? image(index * 7 + 3), description: circle.description,
        memberCount: members.length, createdAt: created
      }).returning({ id: circles.id })
      const circleId = row!.id
      circleIds.push(circleId)
      await tx.insert(circleMembers).values(members.map((uid, order) => ({
        circleId, uid, role: order === 0 ? "owner" as const : order === 1 ? "admin" as const : "member" as const,
        joinedAt: new Date(created.getTime() + order * HOUR)
      })))
      for (const [number, content] of circle.posts.entries()) {
        plans.push({ uid: pick(members), circleId, assignmentId: null, content, topics: circle.topics.slice(0, 1 + (number % 2)), at: ago(30) })
      }
      for (const task of circle.assignments) {
        const deadline = new Date(now.getTime() + task.daysLeft * DAY)
        const setAt = new Date(deadline.getTime() - 14 * DAY)
        const [assignment] = await tx.insert(assignments).values({
          circleId, authorUid: owner, title: task.title, description: task.description, cover: drawn("assignment", task.title) ?? image(index + 11), deadline, createdAt: setAt
        }).returning({ id: assignments.id })
        const handIns = members.filter((uid) => uid !== owner).slice(0, 3)
        for (const [order, uid] of handIns.entries()) {
          const at = new Date(Math.min(deadline.getTime(), now.getTime()) - (order + 1) * 6 * HOUR)
          plans.push({ uid, circleId, assignmentId: assignment!.id, content: handInText(task.title), topics: [], at })
        }
      }
    }
    for (const post of SEED_SQUARE_POSTS) plans.push({ uid: pick(people), circleId: null, assignmentId: null, ...post, at: ago(10) })

    // posts oldest first, so ids follow time (the feeds page by id)
    plans.sort((a, b) => a.at.getTime() - b.at.getTime())
    const postIds: Array<number> = []
    for (const plan of plans) {
      // a post shows a picture of what it talks about: an own artwork that shows it, else one drawn from its text
      const own = artOf(plan.uid)
      const named = new Set(subjectsOfPrompt(plan.content).icons)
      const fitting = own.filter((work) => subjectsOfPrompt(work.title ?? "").icons.some((icon) => named.has(icon)))
      const drawnUrl = drawn("post", plan.content)
      const withPicture = next() < 0.7
      const shared = !withPicture ? undefined : fitting.length > 0 ? pick(fitting) : drawnUrl === undefined && own.length > 0 ? pick(own) : undefined
      const picture = withPicture && shared === undefined ? drawnUrl : undefined
      const images: Array<StoredPostImage> = shared !== undefined ? [{ url: shared.cover, width: shared.width, height: shared.height }]
        : picture !== undefined ? [{ url: picture, ...POST_PICTURE }] : []
      const [row] = await tx.insert(posts).values({
        uid: plan.uid, circleId: plan.circleId, assignmentId: plan.assignmentId, content: plan.content, images,
        artworkId: shared?.id ?? null, topics: [...plan.topics], createdAt: plan.at
      }).returning({ id: posts.id })
      postIds.push(row!.id)
      const likers = people.filter((uid) => uid !== plan.uid && next() < 0.35)
      if (likers.length > 0) await tx.insert(postLikes).values(likers.map((uid) => ({ postId: row!.id, uid, createdAt: now })))
    }
    await tx.execute(sql`update posts p set like_count = (select count(*)::int from post_likes l where l.post_id = p.id)`)
    await tx.execute(sql`update circles c set post_count = (select count(*)::int from posts p where p.circle_id = c.id)`)

    // articles, oldest first
    const articleIds: Array<number> = []
    for (const [index, article] of SEED_ARTICLES.entries()) {
      const [row] = await tx.insert(articles).values({
        uid: article.circle === null ? person(0) : person(article.circle), circleId: article.circle === null ? null : circleIds[article.circle]!,
        title: article.title, cover: drawn("article", article.title) ?? (image(index * 5 + 2) || null), summary: article.summary || summaryFromMarkdown(article.content),
        content: article.content, viewCount: 200 + Math.floor(next() * 3000), likeCount: 10 + Math.floor(next() * 200),
        createdAt: new Date(now.getTime() - (40 - index * 6) * DAY)
      }).returning({ id: articles.id })
      articleIds.push(row!.id)
    }

    // activities in their seasons for today: one ongoing, the next upcoming, the others ended with awards;
    // works from visible artworks, one per author
    const seasons = seasonalActivityDates(now)
    for (const [index, activity] of SEED_ACTIVITIES.entries()) {
      const { startAt, endAt } = seasons[activity.key]
      const [row] = await tx.insert(activities).values({
        key: activity.key, title: activity.title, cover: drawn("activity", activity.title) ?? image(index * 13 + 1),
        banner: drawn("activity-banner", activity.title) ?? image(index * 13 + 5),
        description: activity.description, rules: activity.rules, reward: activity.reward,
        startAt, endAt, createdAt: new Date(startAt.getTime() - 7 * DAY)
      }).returning({ id: activities.id })
      if (startAt > now) continue
      const entrants = people.flatMap((uid) => artOf(uid).slice(index, index + 1)).slice(0, 12)
      const works = entrants.map((work, order) => ({
        activityId: row!.id, artworkId: work.id, uid: work.uid, description: pick(SEED_WORK_NOTES),
        voteCount: Math.floor(next() * 400), award: null as string | null, createdAt: new Date(startAt.getTime() + (order + 1) * 5 * HOUR)
      }))
      if (endAt <= now) {
        works.sort((a, b) => b.voteCount - a.voteCount)
        works.forEach((work, rank) => { work.award = SEED_AWARDS[rank] ?? null })
        works.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      }
      if (works.length > 0) await tx.insert(activityWorks).values(works)
    }

    // special topics: the editors' mix of artworks and articles
    for (const [index, topic] of SEED_TOPICS.entries()) {
      const [row] = await tx.insert(specialTopics).values({
        key: topic.key, title: topic.title, cover: drawn("topic", topic.title) ?? image(index * 17 + 4), description: topic.description,
        createdAt: new Date(now.getTime() - (20 - index * 5) * DAY)
      }).returning({ id: specialTopics.id })
      const works = art.slice(index * 8, index * 8 + 8)
      const items = [
        ...articleIds.filter((_, order) => order % SEED_TOPICS.length === index).map((articleId) => ({ articleId, artworkId: null })),
        ...works.map((work) => ({ artworkId: work.id, articleId: null }))
      ]
      if (items.length > 0) await tx.insert(specialTopicItems).values(items.map((item, sort) => ({ topicId: row!.id, sort, ...item })))
    }
    return { seeded: true, circles: circleIds.length, posts: postIds.length, articles: articleIds.length, activities: SEED_ACTIVITIES.length }
  })
}
