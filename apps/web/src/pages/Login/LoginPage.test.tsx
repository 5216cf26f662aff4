import { helpLink } from "@mido/core/navigation"
import { envelope } from "@mido/core/testing"
import { fireEvent, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { makeWorld, renderApp, SVG, TOKEN, user, type World } from "../../test/world"

let world: World | undefined
afterEach(async () => {
  await world?.runtime.dispose()
  world = undefined
})

const bodyOf = (request: { body?: unknown } | undefined) => {
  const body = request?.body as { kind: string; value: unknown } | undefined
  return body?.kind === "json" ? body.value : undefined
}

describe("LoginPage (spec §2 /login)", () => {
  it("loads the captcha, sends the code with a countdown, logs in and returns to ref", async () => {
    world = makeWorld({
      answers: {
        "/api/v1/open/base/captcha": () => envelope(0, { captcha_id: "c1", image: SVG, expire_in: 120 }),
        "/api/v1/open/base/send_verify_sms": () => envelope(0, { resend_in: 60 }),
        "/api/v1/open/base/login": () => envelope(0, { token: TOKEN, is_register: false }),
        "/api/v1/user/info": () => envelope(0, user),
        "/api/v1/user/points": () => envelope(0, { balance: 3320, today_consumed: 0 }),
        "/api/v1/user/message/unread_count": () => envelope(0, { total: 0, system: 0, like: 0, follow: 0, mention: 0 })
      }
    })
    const { router } = renderApp(world, "/login?ref=%2Fproperty")
    fireEvent.change(await screen.findByLabelText("手机号"), { target: { value: "13800000000" } })
    expect(await screen.findByAltText("图形验证码")).toBeTruthy()
    fireEvent.change(screen.getByLabelText("图形验证码"), { target: { value: "x7Kp" } })
    fireEvent.click(screen.getByRole("button", { name: "获取验证码" }))
    expect(await screen.findByRole("button", { name: "60秒后重新获取" })).toBeTruthy()
    expect(bodyOf(world.calls("/api/v1/open/base/send_verify_sms")[0])).toEqual({ phone: "13800000000", captcha_code: "x7Kp" })

    fireEvent.change(screen.getByLabelText("短信验证码"), { target: { value: "123456" } })
    fireEvent.click(screen.getByRole("button", { name: "登录 / 注册" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/property"))
    expect(bodyOf(world.calls("/api/v1/open/base/login")[0])).toEqual({ phone: "13800000000", code: "123456" })
    expect(await screen.findByText("登录成功")).toBeTruthy()
    expect(await screen.findByRole("heading", { name: "资产库" })).toBeTruthy()
    expect(world.store.session.isLoggedIn).toBe(true)
  })

  it("links 《用户协议》 and 《隐私政策》 to their help pages in a new tab (spec §3 help links)", async () => {
    world = makeWorld()
    renderApp(world, "/login")
    for (const [name, key] of [["《用户协议》", "userAgreement"], ["《隐私政策》", "privacyPolicy"]] as const) {
      const link = await screen.findByRole("link", { name })
      expect(link.getAttribute("href")).toBe(helpLink(key).path)
      expect(link.getAttribute("target")).toBe("_blank")
      expect(link.getAttribute("rel")).toContain("noopener")
    }
  })
})
