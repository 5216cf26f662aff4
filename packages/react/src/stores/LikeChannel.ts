import { Channel } from "./Channel.js"

/** An artwork's like as the server left it after a like or unlike. */
export interface LikeChange {
  readonly artworkId: number
  readonly is_like: boolean
  readonly like_count: number
}


/**
 * The likes given anywhere in the app, told to every store that shows the artwork: a like in the
 * detail dialog moves the square's card at once (and the other way round) instead of waiting for the
 * list to load again. One per RootStore; a store publishes only what the server answered on code 0,
 * and listeners only copy the state (they never publish), so nothing echoes.
 */
export class LikeChannel extends Channel<LikeChange> {}
