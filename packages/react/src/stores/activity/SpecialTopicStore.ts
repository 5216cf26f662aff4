import type { SpecialTopic, SpecialTopicItem } from "@mido/core"
import { type ActivitiesShape, makeActivitiesService } from "@mido/core/activity"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { numberedPage } from "../paging/Page.js"
import { PagedList } from "../paging/PagedList.js"
import { pagesFromCore } from "../paging/pagesFromCore.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { Store } from "../Store.js"
import { type PageStatus, problemOf } from "./loadOutcome.js"

export const TOPIC_LIST_SIZE = 12
export const TOPIC_ITEMS_SIZE = 24

/**
 * 专题 (issue 17: /community/special-topic, /activity/special-feature/{key?}): the list of topics and
 * one topic, its cover and description with its items (artworks and articles in the editors' order)
 * paged; the topic arrives with the first page of its items. Made with those pages' chunk.
 */
export class SpecialTopicStore implements Store {
  topic: SpecialTopic | null = null

  readonly topics: PagedList<SpecialTopic, number, undefined>
  readonly items: PagedList<SpecialTopicItem, number, { readonly key: string }>

  constructor(runner: ServiceRunner) {
    const made = runner.now(makeActivitiesService)
    if (made instanceof Promise) throw new Error("the topic calls are made from services that are already there")
    const service: ActivitiesShape = made
    this.topics = new PagedList<SpecialTopic, number, undefined>({
      params: undefined,
      keyOf: (topic) => topic.id,
      fetchPage: pagesFromCore(runner, ({ cursor = 1 }) => Effect.map(service.topics(cursor, TOPIC_LIST_SIZE), (answer) => numberedPage(cursor, answer)))
    })
    this.items = new PagedList<SpecialTopicItem, number, { readonly key: string }>({
      params: { key: "" },
      keyOf: (item) => (item.kind === "artwork" ? `artwork-${item.artwork.id}` : `article-${item.article.id}`),
      fetchPage: pagesFromCore(runner, ({ cursor = 1, params }) =>
        params.key === ""
          ? Effect.succeed(numberedPage<SpecialTopicItem>(cursor, { list: [], total: 0 }))
          : Effect.map(service.topic(params.key, cursor, TOPIC_ITEMS_SIZE), (answer) => {
            runInAction(() => {
              this.topic = answer.topic
            })
            return numberedPage(cursor, answer)
          }))
    })
    makeAutoObservable(this, { topic: observable.ref }, { autoBind: true })
  }

  /** Where the topic's page stands, from its items' first page (which carries the topic). */
  get status(): PageStatus {
    if (this.items.params.key === "") return "idle"
    if (this.topic !== null) return "ready"
    return this.items.status === "error" ? problemOf(this.items.error).status : "loading"
  }

  /** The server's words when the topic is not there (专题不存在或已下线), or the failure's. */
  get problem(): string {
    return this.topic === null && this.items.status === "error" ? problemOf(this.items.error).problem : ""
  }

  /** Opens a topic by key: the topic arrives with the first page of its items. */
  open(key: string): void {
    if (this.items.params.key === key && this.items.status !== "error") return
    this.topic = null
    void this.items.setParams({ key })
  }

  /** Nothing of a topic is the account's but the like flags on its cards: the lists start over. */
  reset(): void {
    this.topics.reset()
    this.items.reset()
    this.topic = null
  }
}
