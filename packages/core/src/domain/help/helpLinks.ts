/**
 * The help links of spec §3: static pages the server serves from the app origin (apps/server/src/features/help)
 * and the web app links to (footer, login page, checkout's membership agreement). One row per page:
 * its key, its Chinese title and its path. The help centre sits at /help, every other page below it.
 */

export const HELP_PATH_PREFIX = "/help"

export const helpPageKeys = [
  "help",
  "userAgreement",
  "privacyPolicy",
  "beanRules",
  "inviteRules",
  "withdrawal",
  "membershipAgreement",
  "communityRules",
  "about"
] as const

export type HelpPageKey = (typeof helpPageKeys)[number]

export interface HelpLink {
  readonly key: HelpPageKey
  readonly title: string
  readonly path: string
}

const TITLES_AND_SLUGS: Readonly<Record<HelpPageKey, readonly [title: string, slug: string | undefined]>> = {
  help: ["帮助中心", undefined],
  userAgreement: ["用户协议", "user-agreement"],
  privacyPolicy: ["隐私政策", "privacy-policy"],
  beanRules: ["米豆规则", "bean-rules"],
  inviteRules: ["邀请规则", "invite-rules"],
  withdrawal: ["提现说明", "withdrawal"],
  membershipAgreement: ["会员服务协议", "membership-agreement"],
  communityRules: ["社区公约", "community-rules"],
  about: ["关于我们", "about"]
}

/** Every help page in the order the help centre lists them. */
export const HELP_LINKS: ReadonlyArray<HelpLink> = helpPageKeys.map((key) => {
  const [title, slug] = TITLES_AND_SLUGS[key]
  return { key, title, path: slug === undefined ? HELP_PATH_PREFIX : `${HELP_PATH_PREFIX}/${slug}` }
})

const byKey = new Map(HELP_LINKS.map((link) => [link.key, link]))

export const helpLink = (key: HelpPageKey): HelpLink => byKey.get(key)!

/** The help centre's section with the official account (the footer's 官方公众号 points here). */
export const HELP_CONTACT_ANCHOR = "contact"
export const helpContactHref = (): string => `${helpLink("help").path}#${HELP_CONTACT_ANCHOR}`

/** The help page at a request path; a trailing slash is ignored, anything else must match exactly. */
export const helpLinkAt = (path: string): HelpLink | undefined => {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path
  return HELP_LINKS.find((link) => link.path === trimmed)
}
