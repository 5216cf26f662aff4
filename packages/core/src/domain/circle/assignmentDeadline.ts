const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Where an assignment stands against its deadline, as /community/assignment-detail shows it. */
export interface AssignmentDeadline {
  /** Hand-ins are still taken (the deadline is ahead). */
  readonly open: boolean
  /** 已截止, or the time left: 剩余 2 天 3 小时 / 剩余 3 小时 5 分钟 / 剩余 5 分钟 / 剩余不到 1 分钟. */
  readonly text: string
}

/**
 * CI1: the countdown of an assignment. Both times are Unix seconds (the API's). At or past the deadline
 * it reads 已截止 and is closed; before it, the time left in whole units, rounded down: days and hours
 * from one day on, hours and minutes from one hour on, minutes below, 剩余不到 1 分钟 under a minute.
 * A time that is not a finite number counts as closed with no text, so a broken answer offers no button.
 */
export const assignmentDeadline = (deadline: number, now: number): AssignmentDeadline => {
  if (!Number.isFinite(deadline) || !Number.isFinite(now)) return { open: false, text: "" }
  const left = Math.floor(deadline - now)
  if (left <= 0) return { open: false, text: "已截止" }
  if (left < MINUTE) return { open: true, text: "剩余不到 1 分钟" }
  const days = Math.floor(left / DAY)
  const hours = Math.floor((left % DAY) / HOUR)
  const minutes = Math.floor((left % HOUR) / MINUTE)
  if (days > 0) return { open: true, text: hours > 0 ? `剩余 ${days} 天 ${hours} 小时` : `剩余 ${days} 天` }
  if (hours > 0) return { open: true, text: minutes > 0 ? `剩余 ${hours} 小时 ${minutes} 分钟` : `剩余 ${hours} 小时` }
  return { open: true, text: `剩余 ${minutes} 分钟` }
}
