import { describe, expect, it } from "vitest"
import { HELP_LINKS, helpContactHref, helpLink, helpLinkAt, helpPageKeys } from "./helpLinks.js"

describe("help links (spec §3)", () => {
  it.each([
    ["help", "帮助中心", "/help"],
    ["userAgreement", "用户协议", "/help/user-agreement"],
    ["privacyPolicy", "隐私政策", "/help/privacy-policy"],
    ["beanRules", "米豆规则", "/help/bean-rules"],
    ["inviteRules", "邀请规则", "/help/invite-rules"],
    ["withdrawal", "提现说明", "/help/withdrawal"],
    ["membershipAgreement", "会员服务协议", "/help/membership-agreement"],
    ["communityRules", "社区公约", "/help/community-rules"],
    ["about", "关于我们", "/help/about"]
  ] as const)("%s is %s at %s", (key, title, path) => {
    expect(helpLink(key)).toEqual({ key, title, path })
  })

  it("lists every key once, with distinct titles and paths under /help", () => {
    expect(HELP_LINKS.map((link) => link.key)).toEqual([...helpPageKeys])
    expect(new Set(HELP_LINKS.map((link) => link.title)).size).toBe(HELP_LINKS.length)
    expect(new Set(HELP_LINKS.map((link) => link.path)).size).toBe(HELP_LINKS.length)
    for (const link of HELP_LINKS) expect(link.path).toMatch(/^\/help(\/[a-z-]+)?$/)
  })

  it("the official account's place is the help centre's contact section", () => {
    expect(helpContactHref()).toBe("/help#contact")
  })

  it.each([
    ["/help", "help"],
    ["/help/", "help"],
    ["/help/bean-rules", "beanRules"],
    ["/help/bean-rules/", "beanRules"],
    ["/help/unknown", undefined],
    ["/help/bean-rules/x", undefined],
    ["/helpers", undefined],
    ["/Help/about", undefined],
    ["/list", undefined]
  ])("the page at %s is %s", (path, key) => {
    expect(helpLinkAt(path)?.key).toBe(key)
  })
})
