import { Api } from "@mido/core/contract"
import { eq } from "drizzle-orm"
import type { Hono } from "hono"
import type { Db } from "../../db/database.js"
import { users } from "../../db/schema/users.js"
import { CAPTCHA_PER_IP_PER_MINUTE, issueCaptcha, phoneSubject, recentCaptchasFromIp, userSubject } from "./captcha.js"
import { accountForPhone } from "./loginAccounts.js"
import { consumeSmsCode } from "./smsCodes.js"
import { maskPhone } from "../../platform/maskPhone.js"
import { registerChangePhone } from "./changePhoneRoutes.js"
import { implement, implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { badInput, conflict } from "../../platform/failure.js"
import { CODE_EXPIRED, makeSmsService, rateLimited } from "./loginSms.js"
import { registerLoginWechat } from "./wechatRoutes.js"
import { issueToken } from "../../platform/tokens.js"
import { registerLogout } from "./logoutRoutes.js"

const phoneOf = async (db: Db, uid: number): Promise<string | null> => {
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.uid, uid)).limit(1)
  return row?.phone ?? null
}

/**
 * Spec §7 "Login": the captcha (R1), the four SMS sends (R2, R3), phone login (R3, R4, R7); WeChat QR
 * login and binding (R5, R6), the phone change (R6) and logout (R7) in their own modules. Outside production the
 * captcha answers go to the development outbox (features/dev shows them).
 */
export const registerLogin = (app: Hono, deps: ServerDeps) => {
  const outbox = deps.config.production ? undefined : deps.devOutbox
  const sms = makeSmsService(deps, deps.sms)

  implement(app, deps, Api.login.captcha, async (input, { uid, ip }) => {
    const subject = input.phone !== undefined ? phoneSubject(input.phone) : uid !== undefined ? userSubject(uid) : undefined
    if (subject === undefined) throw badInput("请输入手机号")
    const now = deps.now()
    if ((await recentCaptchasFromIp(deps.db, ip, now)) >= CAPTCHA_PER_IP_PER_MINUTE) throw rateLimited(60, "操作太频繁，请稍后再试")
    const issued = await issueCaptcha(deps.db, deps.config.secret, subject, ip, now)
    outbox?.rememberCaptcha(subject, issued.answer)
    return { captcha_id: issued.captchaId, image: issued.image, expire_in: issued.expireIn }
  })

  implement(app, deps, Api.login.sendVerifySms, (input, context) =>
    sms.send(context, { phone: input.phone, purpose: "login", captcha: phoneSubject(input.phone), captchaCode: input.captcha_code }))

  implement(app, deps, Api.login.sendWechatBindSms, (input, context) =>
    sms.send(context, { phone: input.phone, purpose: "wechat_bind", captcha: phoneSubject(input.phone), captchaCode: input.captcha_code }))

  implementAuthed(app, deps, Api.login.sendUserSms, async (input, context) => {
    const phone = await phoneOf(deps.db, context.uid)
    if (phone === null) throw badInput("当前账号未绑定手机号")
    return sms.send(context, { phone, purpose: "user", captcha: userSubject(context.uid), captchaCode: input.captcha_code })
  })

  implementAuthed(app, deps, Api.login.sendBindSms, async (input, context) => {
    if ((await phoneOf(deps.db, context.uid)) === input.phone) throw badInput("新手机号不能与当前手机号相同")
    const [owner] = await deps.db.select({ uid: users.uid }).from(users).where(eq(users.phone, input.phone)).limit(1)
    if (owner !== undefined) throw conflict("该手机号已绑定其他账号")
    return sms.send(context, { phone: input.phone, purpose: "bind", captcha: phoneSubject(input.phone), captchaCode: input.captcha_code })
  })

  implement(app, deps, Api.login.login, async (input, { hono, ip }) => {
    const codeId = await sms.verify(hono, { phone: input.phone, purpose: "login", code: input.code })
    const now = deps.now()
    const result = await deps.db.transaction(async (tx) => {
      if (!(await consumeSmsCode(tx, codeId, now))) throw badInput(CODE_EXPIRED)
      const account = await accountForPhone(tx, deps.ledgerKey, input.phone, input.invite_code, now)
      return { account, token: await issueToken(tx, account.uid, now) }
    })
    deps.log.info("login", { method: "sms", uid: result.account.uid, phone: maskPhone(input.phone), is_register: result.account.created, ip })
    return { token: result.token, is_register: result.account.created }
  })

  registerLoginWechat(app, deps, sms)
  registerChangePhone(app, deps, sms)
  registerLogout(app, deps)
}
