import { Channel } from "./Channel.js"

/** An artwork's 收藏 as the server left it after a collect or uncollect. */
export interface CollectChange {
  readonly artworkId: number
  readonly is_collected: boolean
}


/**
 * The collections changed anywhere in the app, told to the stores that list them: 收藏 in the detail
 * dialog reloads the personal center's 收藏 tab behind it, so the tab shows the work (or no longer
 * does) when the dialog closes. One per RootStore; only the server's answers are published.
 */
export class CollectChannel extends Channel<CollectChange> {}
