/** What the join button of a circle does for this viewer. */
export type CircleAction = "login" | "join" | "leave" | "owner"

/**
 * CI2: the circle header's membership button. A visitor is asked to log in (加入圈子 opens the login
 * prompt); the owner cannot leave their own circle (the server refuses it too), so they get 编辑圈子
 * instead; a member may leave (已加入 / 退出圈子); anyone else may join.
 */
export const circleAction = (circle: { readonly is_joined: boolean; readonly is_owner: boolean }, loggedIn: boolean): CircleAction => {
  if (!loggedIn) return "login"
  if (circle.is_owner) return "owner"
  return circle.is_joined ? "leave" : "join"
}

/** What the circle form holds while it is typed: the images are uploaded addresses ("" while none). */
export interface CircleFormValues {
  readonly name: string
  readonly avatar: string
  readonly cover: string
  readonly description: string
}

/** The text of CI3 the form shows before the route's own schema. */
export const CircleFormMessages = { cover: "请上传圈子封面" } as const

/**
 * CI3: the form as the create / update route's input. The name and description go as typed (the
 * route's schema trims them and gives its own messages: 请输入圈子名称, 不能超过 20 个字 …); a missing
 * cover or avatar is named here in words, before the schema's generic image message. The avatar falls
 * back to the cover, so a single upload is enough to create a circle.
 */
export const circleFormInput = (values: CircleFormValues): { readonly problem: string } | { readonly input: CircleFormValues } => {
  if (values.cover === "") return { problem: CircleFormMessages.cover }
  const avatar = values.avatar === "" ? values.cover : values.avatar
  return { input: { name: values.name, avatar, cover: values.cover, description: values.description } }
}
