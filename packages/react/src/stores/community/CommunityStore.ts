import { makeCommunityPostsService } from "@mido/core/account"
import type { ClipboardStore } from "../ClipboardStore.js"
import type { ConfirmStore } from "../ConfirmStore.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { SessionStore } from "../SessionStore.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"
import type { WalletStore } from "../WalletStore.js"
import { CommunityFeedStore } from "./CommunityFeedStore.js"
import { MentionPicker } from "./MentionPicker.js"
import { PostComposerStore } from "./PostComposerStore.js"
import { PostDetailStore } from "./PostDetailStore.js"

/**
 * The community posts' stores (issue 17 C1), made together on the first visit of /community,
 * /community-detail/{id} or /community/publish with @mido/core/account: the feed, the post detail and
 * the composer (both with the @ list) share one service and tell each other what changed (a post published or deleted).
 */
export class CommunityStore implements Store {
  readonly feed: CommunityFeedStore
  readonly detail: PostDetailStore
  readonly composer: PostComposerStore
  /** The @ list of the comment box and the post composer (MN2–MN4). */
  readonly mentions: MentionPicker

  constructor(deps: {
    runner: ServiceRunner; session: SessionStore; toasts: ToastStore; confirm: ConfirmStore; clipboard: ClipboardStore; wallet: WalletStore
  }) {
    const made = deps.runner.now(makeCommunityPostsService)
    if (made instanceof Promise) throw new Error("the community calls are made from services that are already there")
    this.feed = new CommunityFeedStore(deps.runner, deps.session, made)
    this.detail = new PostDetailStore({ ...deps, feed: this.feed, posts: made })
    this.composer = new PostComposerStore({ ...deps, feed: this.feed, posts: made })
    this.mentions = new MentionPicker(deps.runner, deps.session)
  }

  reset(): void {
    this.feed.reset()
    this.detail.reset()
    this.composer.reset()
    this.mentions.reset()
  }
}
