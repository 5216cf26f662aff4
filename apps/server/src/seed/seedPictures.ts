import type { ObjectStore } from "../adapters/storage/objectStorePort.js"
import { objectUrl } from "../features/files/storedFiles.js"
import type { ServerConfig } from "../platform/config.js"
import { type SeedImage, subjectOfArtwork, SUBJECTS } from "./artworkSeed.js"
import { type CommunityCovers, handInText, POST_PICTURE } from "./communitySeed.js"
import { SEED_ACTIVITIES, SEED_ARTICLES, SEED_CIRCLES, SEED_SQUARE_POSTS, SEED_TOPICS } from "./communitySeedData.js"
import { DEMO_USERS } from "./demoUsers.js"
import { renderAvatar } from "./seedAvatars.js"
import { DEMO_SIZES, renderSeedPicture } from "./seedImages.js"

/**
 * The demo's pictures, each drawn by the offline engine from its own title (issue 25): the artworks
 * from their titles and prompts, the circles, assignments, articles, activities and topics from theirs,
 * the avatars from the creators' names. Written to storage before the seed's transaction, each key
 * once (a later start finds them there).
 */
const IMAGE_COUNT = 60
/** Each subject is drawn in three styles in turn, so the square mixes them. */
const VARIANT_STYLES: ReadonlyArray<string | undefined> = [undefined, "本地演示·水彩", "本地演示·动漫"]

export interface DemoPictures {
  readonly avatars: ReadonlyArray<string>
  readonly images: ReadonlyArray<SeedImage>
  readonly covers: CommunityCovers
}

/** Stores bytes under seed/<name> (once: the store writes a key whole or not at all) and answers the public address. */
const storeSeedFile = async (store: ObjectStore, config: ServerConfig, name: string, bytes: () => Promise<Buffer>) => {
  const key = `seed/${name}`
  if ((await store.head(key)) === undefined) await store.create(key, new Uint8Array(await bytes()))
  return objectUrl(config, key)
}

/** Runs `work` on every item, two at a time (sharp uses threads of its own; more would only queue). */
const inPairs = async <T, R>(items: ReadonlyArray<T>, work: (item: T, index: number) => Promise<R>): Promise<R[]> => {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!, index)
    }
  }
  await Promise.all([worker(), worker()])
  return results
}

interface CoverJob {
  readonly key: string
  readonly prompt: string
  readonly width: number
  readonly height: number
}

/** The community's covers and posts' pictures: what each names, drawn at the size its card shows. */
const coverJobs = (): ReadonlyArray<CoverJob> => [
  ...[...SEED_CIRCLES.flatMap((circle) => [...circle.posts, ...circle.assignments.map((task) => handInText(task.title))]), ...SEED_SQUARE_POSTS.map((post) => post.content)]
    .map((text) => ({ key: `post:${text}`, prompt: text, ...POST_PICTURE })),
  ...SEED_CIRCLES.flatMap((circle) => [
    { key: `circle-avatar:${circle.name}`, prompt: `${circle.name} ${circle.description}`, width: 256, height: 256 },
    { key: `circle:${circle.name}`, prompt: `${circle.name} ${circle.description}`, width: 640, height: 360 },
    ...circle.assignments.map((task) => ({ key: `assignment:${task.title}`, prompt: `${task.title} ${task.description}`, width: 640, height: 360 }))
  ]),
  ...SEED_ARTICLES.map((article) => ({ key: `article:${article.title}`, prompt: `${article.title} ${article.summary}`, width: 640, height: 360 })),
  ...SEED_ACTIVITIES.flatMap((activity) => [
    { key: `activity:${activity.title}`, prompt: `${activity.title} ${activity.description}`, width: 640, height: 360 },
    { key: `activity-banner:${activity.title}`, prompt: `${activity.title} ${activity.description}`, width: 1024, height: 384 }
  ]),
  ...SEED_TOPICS.map((topic) => ({ key: `topic:${topic.title}`, prompt: `${topic.title} ${topic.description}`, width: 640, height: 360 }))
]

/**
 * Draws and stores every demo picture; answers their addresses. The files are named drawn-* so a store
 * that kept an older seed's pictures (the same names once held landscapes) does not show those.
 */
export const storeDemoPictures = async (store: ObjectStore, config: ServerConfig): Promise<DemoPictures> => {
  const avatars = await inPairs(DEMO_USERS, ([nickname, bio], index) =>
    storeSeedFile(store, config, `drawn-avatar-${index}.png`, () => renderAvatar(index, nickname, bio)))
  // picture k is drawn from the prompt of artwork k (and so of every artwork k + 20n), in the size that artwork would take
  const images = await inPairs(Array.from({ length: IMAGE_COUNT }, (_, index) => index), async (index) => {
    const [width, height] = DEMO_SIZES[index % DEMO_SIZES.length]!
    const [title, prompt] = subjectOfArtwork(index)
    const style = VARIANT_STYLES[Math.floor(index / SUBJECTS.length) % VARIANT_STYLES.length]
    const url = await storeSeedFile(store, config, `drawn-art-${index}.jpg`, () => renderSeedPicture(`${title} ${prompt}`, index * 101 + 7, width, height, style))
    return { url, width, height, title }
  })
  const jobs = [...new Map(coverJobs().map((job) => [job.key, job])).values()]
  const urls = await inPairs(jobs, (job, index) =>
    storeSeedFile(store, config, `drawn-cover-${index}.jpg`, () => renderSeedPicture(job.prompt, 9_001 + index, job.width, job.height)))
  const byKey = new Map(jobs.map((job, index) => [job.key, urls[index]!]))
  return { avatars, images, covers: (kind, title) => byKey.get(`${kind}:${title}`) }
}
