import { formatChinaDateTime } from "../format/chinaTime.js"

/** Where an activity stands (the contract's ActivityStatus). */
export type ActivityPhase = "upcoming" | "ongoing" | "ended"
type ActivityStatus = ActivityPhase

/** What these rules read of an activity: its times (Unix seconds) and whether the viewer joined. */
interface Activity {
  readonly start_at: number
  readonly end_at: number
  readonly is_joined: boolean
}

type AuditStatus = "draft" | "pending" | "approved" | "rejected"

/** AC1: the words of each status, as the page's badge shows them. */
export const ACTIVITY_STATUS_TEXT: Readonly<Record<ActivityStatus, string>> = {
  upcoming: "未开始",
  ongoing: "进行中",
  ended: "已结束"
}

/**
 * AC1: where an activity stands at `nowMs`, from its times (the server's rule: upcoming before
 * start_at, ongoing until end_at, then ended), so a page left open turns 进行中 when the countdown
 * reaches zero without asking again. Times are Unix seconds.
 */
export const activityStatusAt = (activity: Pick<Activity, "start_at" | "end_at">, nowMs: number): ActivityStatus =>
  nowMs < activity.start_at * 1000 ? "upcoming" : nowMs < activity.end_at * 1000 ? "ongoing" : "ended"

const pad = (value: number) => String(value).padStart(2, "0")

/** AC2: a span of milliseconds as 3天 04:05:06 (whole seconds, rounded down; no day part under a day). */
export const countdownText = (ms: number): string => {
  const total = Math.max(0, Math.floor(ms / 1000))
  const days = Math.floor(total / 86_400)
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`
  return days > 0 ? `${days}天 ${clock}` : clock
}

/** AC2: the countdown line: 距开始 … before the start, 距结束 … while open, 活动已结束 after. */
export const activityCountdown = (activity: Pick<Activity, "start_at" | "end_at">, nowMs: number): string => {
  switch (activityStatusAt(activity, nowMs)) {
    case "upcoming":
      return `距开始 ${countdownText(activity.start_at * 1000 - nowMs)}`
    case "ongoing":
      return `距结束 ${countdownText(activity.end_at * 1000 - nowMs)}`
    case "ended":
      return "活动已结束"
  }
}

/** AC3: the dates line in China time, to the minute: 2026-05-20 10:00 — 2026-06-14 10:00. */
export const activityDatesText = (activity: Pick<Activity, "start_at" | "end_at">): string =>
  `${formatChinaDateTime(activity.start_at * 1000).slice(0, 16)} — ${formatChinaDateTime(activity.end_at * 1000).slice(0, 16)}`

/** AC4: why 提交作品 cannot be used now (the server's own words), or null when it can. */
export const submitBlocker = (activity: Pick<Activity, "start_at" | "end_at" | "is_joined">, nowMs: number): string | null => {
  switch (activityStatusAt(activity, nowMs)) {
    case "upcoming":
      return "活动尚未开始，开始后再来投稿吧"
    case "ended":
      return "活动已结束，无法再提交作品"
    case "ongoing":
      return activity.is_joined ? "你已提交过参赛作品" : null
  }
}

/** AC5: which library works can be handed in: public and approved ones; the others say why not. */
export const entryBlocker = (work: { readonly audit_status: AuditStatus; readonly is_public: boolean }): string | null =>
  work.audit_status === "approved" && work.is_public ? null : "作品公开发布并通过审核后才能参赛"

/**
 * AC6: the activity /activity/detail shows without a key: the first ongoing one, else the next to
 * start, else the one that ended last; null when there is none. Order of the input does not matter.
 */
export const currentActivity = <A extends Pick<Activity, "start_at" | "end_at">>(activities: ReadonlyArray<A>, nowMs: number): A | null => {
  const by = (status: ActivityStatus) => activities.filter((activity) => activityStatusAt(activity, nowMs) === status)
  const ongoing = by("ongoing").sort((a, b) => a.end_at - b.end_at)[0]
  if (ongoing !== undefined) return ongoing
  const upcoming = by("upcoming").sort((a, b) => a.start_at - b.start_at)[0]
  if (upcoming !== undefined) return upcoming
  return by("ended").sort((a, b) => b.end_at - a.end_at)[0] ?? null
}
