/**
 * The WeChat Official Account (公众号) as QR login uses it: the Token its callback is signed with, and
 * the parametric QR of a scene. The live adapter is wechatMpClient.ts; without one, the development
 * scan page stands in (features/dev) and production refuses WeChat login.
 */
export interface WechatMp {
  readonly appId: string
  /** WECHAT_MP_TOKEN: the callback's signature key (features/login/wechatMpMessage.ts). */
  readonly callbackToken: string
  /** What the login QR encodes: WeChat's own address of a temporary QR whose scene is `scene`. */
  readonly sceneQrUrl: (scene: string, expireSeconds: number) => Promise<string>
  /** The follower's UnionID, when the account is bound to an Open Platform account (else undefined). */
  readonly unionidOf: (openid: string) => Promise<string | undefined>
}
