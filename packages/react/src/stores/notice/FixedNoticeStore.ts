import { fixedNotice, type FixedNoticeMessage, type FixedNoticeState, FixedNoticeTexts, invitedDetailsPath } from "@mido/core/account"
import { makeAutoObservable, observable } from "mobx"
import type { ConfigStore } from "../ConfigStore.js"
import type { SavedFlagsStore } from "../SavedFlagsStore.js"
import type { SessionStore } from "../SessionStore.js"
import type { Store } from "../Store.js"

/**
 * The fixed notice (spec §2, §4; FN1–FN5 of `@mido/core/account`): the floating gift button with its
 * badge, the cards panel and the dialog of one variant. Who sees it and which cards follow the user,
 * the config's WeCom QR code and the persisted isReadFixedMessage flag; this store adds what is on
 * screen. Made on first use (the overlay layer), out of the first load.
 */
export class FixedNoticeStore implements Store {
  /** The cards are out (the gift button was clicked). */
  panelOpen = false
  /** The card whose dialog is open, or null. */
  dialog: FixedNoticeMessage | null = null
  /** The cards' and dialogs' texts (spec §2). */
  readonly texts = FixedNoticeTexts

  readonly #session: SessionStore
  readonly #config: ConfigStore
  readonly #flags: SavedFlagsStore

  constructor(session: SessionStore, config: ConfigStore, flags: SavedFlagsStore) {
    this.#session = session
    this.#config = config
    this.#flags = flags
    makeAutoObservable(this, { dialog: observable.ref, texts: false }, { autoBind: true })
  }

  get state(): FixedNoticeState {
    return fixedNotice({ user: this.#session.user, wecomQrcode: this.#config.settings.wecomQrcode, isRead: this.#flags.isReadFixedMessage })
  }

  /** FN1: the gift button is on screen. */
  get visible(): boolean {
    return this.state.visible
  }

  get messages(): ReadonlyArray<FixedNoticeMessage> {
    return this.state.messages
  }

  /** FN4: the red badge, "" once read. */
  get badgeText(): string {
    return this.state.badgeText
  }

  /** Variant 1's QR code (config.wecom.promotion.qrcode). */
  get wecomQrcode(): string {
    return this.#config.settings.wecomQrcode ?? ""
  }

  /** Variant 2: who invited the user. */
  get inviterName(): string {
    return this.#session.user?.invite_user_name ?? ""
  }

  /** FN5: variant 2's 查看详情, /invited with the user's own invite_code. */
  get detailsPath(): string {
    return invitedDetailsPath(this.#session.user?.invite_code ?? "")
  }

  /** FN3: the gift button: the cards slide in (or go again) and count as read. */
  togglePanel(): void {
    if (!this.visible) return
    this.panelOpen = !this.panelOpen
    if (this.panelOpen && !this.#flags.isReadFixedMessage) this.#flags.markFixedMessageRead()
  }

  /** FN3: a click outside the panel hides the cards. */
  hidePanel(): void {
    this.panelOpen = false
  }

  /** FN3 (spec §4): a card opens its variant's dialog and the cards go. */
  openDialog(message: FixedNoticeMessage): void {
    this.dialog = message
    this.panelOpen = false
  }

  closeDialog(): void {
    this.dialog = null
  }

  /** Logout or -401: nothing of the notice stays on screen (the read flag is the device's). */
  reset(): void {
    this.panelOpen = false
    this.dialog = null
  }
}
