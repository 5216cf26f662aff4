/** The role of a member as the circle's member list shows it (CircleMember.role). */
export const CIRCLE_ROLE_LABELS = { owner: "圈主", admin: "管理员", member: "成员" } as const

/** /community/circle-form?id= of a circle that is not the viewer's (the server refuses its update too, code 403). */
export const NOT_OWNER_TEXT = "只有圈主可以编辑圈子"
