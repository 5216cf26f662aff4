import { type AssistantConversation, type AssistantInfo, type AssistantMessage, type TaskView, Uploads, type UploadFile } from "@mido/core"
import { isFinished } from "@mido/core/generation"
import { type AssistantShape, makeAssistantService } from "@mido/core/generation"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction, when } from "mobx"
import type { ConfirmStore } from "../ConfirmStore.js"
import type { GenerationStore } from "../generation/GenerationStore.js"
import { PagedList } from "../paging/PagedList.js"
import { pagesFromCore } from "../paging/pagesFromCore.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"
import type { WalletStore } from "../WalletStore.js"

/** At most this many images go with one message (the contract's limit). */
export const MAX_ATTACHMENTS = 3

interface ThreadParams {
  readonly conversationId: number | null
}

export interface Attachment {
  readonly url: string
  readonly name: string
}

/**
 * The assistant that draws (/intelligent): my conversations (a PagedList, the latest active first),
 * the open conversation's messages (a PagedList of older pages, newest first from the server, shown
 * oldest first, plus the ones sent here), the draft with its attachments (the core's OSS upload),
 * send, and the drawing confirmed at the cost the server proposed. A confirmed drawing's task is
 * followed by the GenerationStore (the aigc foundation), whose live view the thread shows.
 */
export class AssistantStore implements Store {
  readonly conversations: PagedList<AssistantConversation, string, undefined>
  readonly history: PagedList<AssistantMessage, string, ThreadParams>
  activeId: number | null = null
  /** Messages sent in this visit of the conversation, oldest first (after the loaded history). */
  sent: ReadonlyArray<AssistantMessage> = []
  /** Messages the server answered again (a confirmed drawing), by id. */
  updated: ReadonlyMap<number, AssistantMessage> = new Map()
  info: AssistantInfo | null = null
  draft = ""
  attachments: ReadonlyArray<Attachment> = []
  uploading = false
  sending = false
  /** The drawings being confirmed, by message id. */
  confirming: ReadonlySet<number> = new Set()

  readonly #runner: ServiceRunner
  readonly #generation: GenerationStore
  readonly #wallet: WalletStore
  readonly #toasts: ToastStore
  readonly #confirm: ConfirmStore
  readonly #assistant: AssistantShape
  /** startWith asked for a new conversation: opening the page does not open the latest one. */
  #fresh = false

  constructor(runner: ServiceRunner, generation: GenerationStore, wallet: WalletStore, toasts: ToastStore, confirm: ConfirmStore) {
    this.#runner = runner
    this.#generation = generation
    this.#wallet = wallet
    this.#toasts = toasts
    this.#confirm = confirm
    const made = runner.now(makeAssistantService)
    if (made instanceof Promise) throw new Error("the assistant is made from services that are already there")
    this.#assistant = made
    this.conversations = new PagedList({
      params: undefined,
      keyOf: (conversation) => conversation.id,
      fetchPage: pagesFromCore(runner, ({ cursor }) => Effect.map(this.#assistant.conversations(cursor), (page) => ({ items: page.list, next: page.next_cursor ?? null })))
    })
    this.history = new PagedList<AssistantMessage, string, ThreadParams>({
      params: { conversationId: null },
      keyOf: (message) => message.id,
      fetchPage: pagesFromCore(runner, ({ cursor, params }) =>
        params.conversationId === null
          ? Effect.succeed({ items: [], next: null })
          : Effect.map(this.#assistant.messages(params.conversationId, cursor), (page) => {
              // a drawing still on its way after a reload moves on again
              for (const message of page.list) this.#follow(message.drawing?.task)
              return { items: page.list, next: page.next_cursor ?? null }
            }))
    })
    makeAutoObservable(this, { sent: observable.ref, updated: observable.ref, info: observable.ref, attachments: observable.ref, confirming: observable.ref }, { autoBind: true })
  }

  /** The open conversation's messages, oldest first, each as the server last answered it. */
  get thread(): ReadonlyArray<AssistantMessage> {
    const sentIds = new Set(this.sent.map((message) => message.id))
    const older = [...this.history.items].reverse().filter((message) => !sentIds.has(message.id))
    return [...older, ...this.sent].map((message) => this.updated.get(message.id) ?? message)
  }

  get active(): AssistantConversation | undefined {
    return this.conversations.items.find((conversation) => conversation.id === this.activeId)
  }

  /** The drawing's task as it is now: the generation store's live view, else the server's last answer. */
  taskOf(message: AssistantMessage): TaskView | undefined {
    const task = message.drawing?.task
    if (task === undefined) return undefined
    return this.#generation.tasks.find((known) => known.id === task.id) ?? task
  }

  get canSend(): boolean {
    return this.draft.trim() !== "" && !this.sending && !this.uploading
  }

  /** The page opened: who answers, and the conversations (the latest opened when none is). */
  async open(): Promise<void> {
    if (this.info === null) {
      const info = await this.#runner.attempt(this.#assistant.info())
      if (info.ok) runInAction(() => (this.info = info.value))
    }
    if (this.conversations.status === "idle") void this.conversations.start()
    // the list may already be on its way (the conversation list mounted first): wait for its answer
    await when(() => this.conversations.status === "ready" || this.conversations.status === "error")
    const first = this.conversations.items[0]
    if (this.activeId === null && !this.#fresh && first !== undefined) await this.select(first.id)
  }

  async select(id: number): Promise<void> {
    if (id === this.activeId) return
    this.#fresh = false
    this.activeId = id
    this.sent = []
    this.updated = new Map()
    await this.history.setParams({ conversationId: id })
  }

  /** A new, empty conversation, opened (the first message will name it). */
  async newConversation(): Promise<void> {
    const made = await this.#runner.attempt(this.#assistant.create())
    if (!made.ok) return
    await this.conversations.refresh()
    await this.select(made.value.id)
  }

  async rename(id: number, title: string): Promise<boolean> {
    const renamed = await this.#runner.attempt(this.#assistant.rename(id, title))
    if (!renamed.ok) return false
    await this.conversations.refresh()
    return true
  }

  async remove(id: number): Promise<void> {
    const sure = await this.#confirm.ask({ title: "删除对话", message: "删除后对话记录无法恢复，画好的图片仍在资产库中。确定删除？", confirmText: "删除" })
    if (!sure) return
    const removed = await this.#runner.attempt(this.#assistant.remove(id))
    if (!removed.ok) return
    if (this.activeId === id) {
      this.activeId = null
      this.sent = []
      await this.history.setParams({ conversationId: null })
    }
    await this.conversations.refresh()
    this.#toasts.success("已删除")
  }

  /**
   * SD12 (继续创作 from an assistant's drawing): a new conversation with `prompt` in the message box.
   * Nothing is sent or made on the server until the user sends it (send opens the conversation then).
   */
  startWith(prompt: string): void {
    this.#fresh = true
    this.activeId = null
    this.sent = []
    this.updated = new Map()
    this.attachments = []
    this.draft = prompt
    void this.history.setParams({ conversationId: null })
  }

  setDraft(text: string): void {
    this.draft = text
  }

  /** Sends an image to storage (the core's upload rules and OSS flow) and attaches it to the draft. */
  async attach(file: UploadFile): Promise<void> {
    if (this.attachments.length >= MAX_ATTACHMENTS) {
      this.#toasts.error(`每条消息最多附 ${MAX_ATTACHMENTS} 张图片`)
      return
    }
    this.uploading = true
    const uploaded = await this.#runner.attempt(Effect.flatMap(Uploads, (uploads) => uploads.uploadToOss(file)))
    runInAction(() => {
      this.uploading = false
      if (uploaded.ok) this.attachments = [...this.attachments, { url: uploaded.value.url, name: file.name }]
    })
  }

  /** 编辑这张图: the picture goes with the next message as the image to change. */
  editImage(url: string): void {
    if (this.attachments.some((attachment) => attachment.url === url)) return
    this.attachments = [{ url, name: "要编辑的图片" }, ...this.attachments].slice(0, MAX_ATTACHMENTS)
    if (this.draft.trim() === "") this.draft = "把这张图"
  }

  removeAttachment(url: string): void {
    this.attachments = this.attachments.filter((attachment) => attachment.url !== url)
  }

  /** Sends the draft (opening a conversation first when none is); the answer costs nothing. */
  async send(): Promise<void> {
    if (!this.canSend) return
    this.sending = true
    try {
      if (this.activeId === null) await this.newConversation()
      const id = this.activeId
      if (id === null) return
      const answer = await this.#runner.attempt(this.#assistant.send(id, this.draft.trim(), this.attachments.map((attachment) => attachment.url)))
      if (!answer.ok) return
      runInAction(() => {
        if (this.activeId === id) this.sent = [...this.sent, answer.value.question, answer.value.answer]
        this.draft = ""
        this.attachments = []
      })
      void this.conversations.refresh()
    } finally {
      runInAction(() => (this.sending = false))
    }
  }

  /**
   * Confirms a proposed drawing at the cost shown (消耗 N 米豆): a balance known to be short is refused
   * (the toast and the purchase dialog on 米豆套餐) and nothing is sent; otherwise the server submits the agent task and charges it, and the task is followed.
   */
  async draw(message: AssistantMessage): Promise<void> {
    const drawing = message.drawing
    if (drawing === undefined || this.confirming.has(message.id)) return
    const balance = this.#wallet.balance?.balance
    if (balance !== undefined && balance < drawing.cost) {
      this.#generation.refuseShortBalance(drawing.cost, balance)
      return
    }
    this.confirming = new Set([...this.confirming, message.id])
    const answer = await this.#runner.attempt(this.#assistant.draw(message.id, drawing.cost))
    runInAction(() => {
      this.confirming = new Set([...this.confirming].filter((id) => id !== message.id))
      if (answer.ok) this.updated = new Map([...this.updated, [message.id, answer.value]])
    })
    if (!answer.ok) return
    this.#follow(answer.value.drawing?.task)
    void this.#wallet.refreshBalance()
  }

  /** Stops a drawing's task (the server refunds what it had not made). */
  async cancel(taskId: string): Promise<void> {
    await this.#generation.cancel(taskId)
  }

  reset(): void {
    this.#fresh = false
    this.conversations.reset()
    this.history.reset()
    this.activeId = null
    this.sent = []
    this.updated = new Map()
    this.info = null
    this.draft = ""
    this.attachments = []
  }

  #follow(task: TaskView | undefined): void {
    if (task !== undefined && !isFinished(task.status)) this.#generation.follow(task)
  }
}
