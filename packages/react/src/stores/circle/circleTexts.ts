import { formatChinaDateTime, formatRelativeTime } from "@mido/core"

/** The role of a member as the circle's member list shows it (CircleMember.role). */
export const CIRCLE_ROLE_LABELS = { owner: "圈主", admin: "管理员", member: "成员" } as const

/** /community/circle-form?id= of a circle that is not the viewer's (the server refuses its update too, code 403). */
export const NOT_OWNER_TEXT = "只有圈主可以编辑圈子"

/** When a post or a member's joining happened, as the feed says it (FM1–FM2); the API sends Unix seconds. */
export const circleTimeText = (seconds: number, now: number = Date.now()): string => formatRelativeTime(seconds * 1000, now)

/** A deadline or creation time in China time, YYYY-MM-DD HH:mm (the assignment's 截止时间). */
export const circleDateTimeText = (seconds: number): string => formatChinaDateTime(seconds * 1000).slice(0, 16)
