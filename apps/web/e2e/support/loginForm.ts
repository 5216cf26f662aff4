import type { Locator, Page, Response } from "playwright-core"
import { captchaAnswer, lastSmsCode } from "./devServer"

/** The next picture captcha the page receives (it asks when the phone looks right, and after a failed send). */
export const nextCaptcha = (page: Page): Promise<Response> =>
  page.waitForResponse((response) => new URL(response.url()).pathname === "/api/v1/open/base/captcha" && response.ok())

/**
 * Drives one phone + captcha + SMS code form (/login's phone tab, or WeChat's bind-phone step) as a
 * user would, reading the captcha answer and the code from the server's development endpoints.
 */
export class SmsForm {
  constructor(
    readonly page: Page,
    readonly form: Locator,
    readonly purpose: "login" | "wechat_bind"
  ) {}

  static phoneLogin(page: Page): SmsForm {
    return new SmsForm(page, page.getByRole("form", { name: "手机号登录" }), "login")
  }

  static wechatBind(page: Page): SmsForm {
    return new SmsForm(page, page.getByRole("form", { name: "绑定手机号" }), "wechat_bind")
  }

  /** Types the phone and waits for the captcha it brings. */
  async typePhone(phone: string): Promise<void> {
    const captcha = nextCaptcha(this.page)
    await this.form.getByLabel("手机号").fill(phone)
    await captcha
    await this.form.getByRole("img", { name: "图形验证码" }).waitFor()
  }

  /** Answers the captcha (the right answer unless `answer` is given) and presses 获取验证码. */
  async requestCode(phone: string, answer?: string): Promise<void> {
    await this.form.getByLabel("图形验证码").fill(answer ?? (await captchaAnswer(phone)))
    await this.form.getByRole("button", { name: "获取验证码" }).click()
  }

  /** The code the server sent, once the countdown shows the send went through. */
  async receivedCode(phone: string): Promise<string> {
    await this.form.getByRole("button", { name: /^\d+秒后重新获取$/ }).waitFor()
    return lastSmsCode(phone, this.purpose)
  }

  async submit(code: string, button: "登录 / 注册" | "绑定并登录" = this.purpose === "login" ? "登录 / 注册" : "绑定并登录"): Promise<void> {
    await this.form.getByLabel("短信验证码").fill(code)
    await this.form.getByRole("button", { name: button }).click()
  }

  /** The whole happy path: phone, captcha, code from the sink, submit. */
  async completeWith(phone: string): Promise<void> {
    await this.typePhone(phone)
    await this.requestCode(phone)
    await this.submit(await this.receivedCode(phone))
  }
}

/** An error toast (role alert) with exactly this text: the server's msg (spec §2 error policy). */
export const errorToast = (page: Page, text: string): Locator =>
  page.getByTestId("toasts").getByRole("alert").filter({ has: page.getByText(text, { exact: true }) })

/** A success toast (role status) with exactly this text. */
export const successToast = (page: Page, text: string): Locator =>
  page.getByTestId("toasts").getByRole("status").filter({ has: page.getByText(text, { exact: true }) })

/**
 * The msg of the next answer from `path` that is not a success, once it arrives: what the error toast
 * must show (spec §2 error policy). Checked to be Chinese, as the server's messages are.
 */
export const serverRefusal = async (page: Page, path: string): Promise<string> => {
  const response = await page.waitForResponse((candidate) => new URL(candidate.url()).pathname === path)
  const { code, msg } = (await response.json()) as { code: number; msg: string }
  if (code === 0) throw new Error(`${path} succeeded; the test expected a refusal`)
  if (!/[\u4e00-\u9fff]/.test(msg)) throw new Error(`${path} refused with a message that is not Chinese: ${msg}`)
  return msg
}
