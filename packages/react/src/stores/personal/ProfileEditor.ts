import { People, type UploadFile, Uploads } from "@mido/core"
import { BIO_MAX_CHARS, bioLength, bioProblem, normalizeBio } from "@mido/core/account"
import { Effect } from "effect"
import { makeAutoObservable, runInAction } from "mobx"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { ToastStore } from "../ToastStore.js"

export interface EditableProfile {
  readonly nickname: string
  readonly avatar: string
  readonly bio: string
}

/**
 * The 编辑资料 dialog: nickname, avatar and 个人简介. The avatar goes through the core's Uploads: the
 * type and size rules of spec §5 first (their messages as error toasts), then the direct storage
 * upload with its progress (0–100); only a finished upload changes the avatar the dialog will save.
 * The bio follows the core's PB1–PB2: the counter and the message show while typing, and a bio past
 * them is not sent.
 */
export class ProfileEditor {
  isOpen = false
  nickname = ""
  avatar = ""
  bio = ""
  /** Upload progress 0–100 while an avatar goes up; null otherwise. */
  progress: number | null = null
  saving = false

  readonly #runner: ServiceRunner
  readonly #toasts: ToastStore
  readonly #saved: (profile: EditableProfile) => void
  #original: EditableProfile = { nickname: "", avatar: "", bio: "" }

  constructor(runner: ServiceRunner, toasts: ToastStore, saved: (profile: EditableProfile) => void) {
    this.#runner = runner
    this.#toasts = toasts
    this.#saved = saved
    makeAutoObservable(this, {}, { autoBind: true })
  }

  get uploading(): boolean {
    return this.progress !== null
  }

  /** PB1: the bio as it will be saved. */
  get normalizedBio(): string {
    return normalizeBio(this.bio)
  }

  /** PB2: "23/100", counted as the reader sees the text. */
  get bioCounter(): string {
    return `${bioLength(this.normalizedBio)}/${BIO_MAX_CHARS}`
  }

  /** PB2: why the bio cannot be saved, or "" when it can. */
  get bioError(): string {
    return bioProblem(this.normalizedBio) ?? ""
  }

  get changed(): boolean {
    return this.nickname.trim() !== this.#original.nickname || this.avatar !== this.#original.avatar || this.normalizedBio !== this.#original.bio
  }

  open(current: EditableProfile): void {
    this.#original = current
    this.nickname = current.nickname
    this.avatar = current.avatar
    this.bio = current.bio
    this.progress = null
    this.isOpen = true
  }

  close(): void {
    this.isOpen = false
    this.progress = null
    this.saving = false
  }

  setNickname(value: string): void {
    this.nickname = value
  }

  setBio(value: string): void {
    this.bio = value
  }

  /** Validates and uploads the chosen image; the dialog shows it once it is in storage. */
  async chooseAvatar(file: UploadFile): Promise<void> {
    if (this.uploading) return
    const check = await this.#runner.attempt(Effect.map(Uploads, (uploads) => uploads.validate([file], { maxCount: 1 })))
    if (!check.ok) return
    if (!check.value.ok) {
      this.#toasts.error(check.value.message)
      return
    }
    this.progress = 0
    const uploaded = await this.#runner.attempt(Effect.flatMap(Uploads, (uploads) =>
      uploads.uploadToOss(file, (percent) => runInAction(() => (this.progress = percent)))))
    runInAction(() => {
      this.progress = null
      if (uploaded.ok && this.isOpen) this.avatar = uploaded.value.url
    })
  }

  /** Saves what changed (POST /api/v1/user/edit); the session's user follows, so does the top bar, and the profile shows the saved bio. */
  async save(): Promise<boolean> {
    if (this.saving || this.uploading) return false
    if (!this.changed) {
      this.close()
      return true
    }
    if (this.bioError !== "") {
      this.#toasts.error(this.bioError)
      return false
    }
    const nickname = this.nickname.trim()
    const bio = this.normalizedBio
    this.saving = true
    const answer = await this.#runner.attempt(Effect.flatMap(People, (people) => people.editProfile({
      ...(nickname !== this.#original.nickname ? { nickname } : {}),
      ...(this.avatar !== this.#original.avatar ? { avatar: this.avatar } : {}),
      ...(bio !== this.#original.bio ? { bio } : {})
    })))
    runInAction(() => (this.saving = false))
    if (!answer.ok) return false
    const { nickname: savedName, avatar, bio: savedBio } = answer.value
    this.#saved({ nickname: savedName, avatar, bio: savedBio })
    this.#toasts.success("资料已保存")
    this.close()
    return true
  }
}
