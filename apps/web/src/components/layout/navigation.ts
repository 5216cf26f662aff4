import { HelpHrefs } from "../../lib/helpLinks"
import type { IconName } from "../ui/Icon"

export interface NavItem {
  readonly to: string
  readonly label: string
  readonly icon: IconName
  readonly tag?: string
}

export interface NavGroup {
  readonly title: string
  readonly items: ReadonlyArray<NavItem>
}

/** The main layout's sidebar (spec §2). */
export const NAV_GROUPS: ReadonlyArray<NavGroup> = [
  {
    title: "AI创作",
    items: [
      { to: "/list", label: "灵感广场", icon: "sparkles" },
      { to: "/community", label: "社区", icon: "users" },
      { to: "/aigc", label: "AI绘画", icon: "brush", tag: "MJ模型" },
      { to: "/webui", label: "在线SD", icon: "layers" },
      { to: "/tools-panel", label: "AI工具箱", icon: "wrench" }
    ]
  },
  { title: "AI助手", items: [{ to: "/intelligent", label: "智能助手", icon: "chat", tag: "4o绘图" }] },
  {
    title: "个人",
    items: [
      { to: "/property", label: "资产库", icon: "folder" },
      { to: "/personal", label: "个人中心", icon: "user" },
      { to: "/invite-info", label: "邀请有礼", icon: "gift", tag: "现金奖励" }
    ]
  }
]

/**
 * The footer's links (spec §2, §3 help links): the server's help pages. We have no public web page for
 * the official account, so 官方公众号 opens the help centre's contact section, which names the
 * account and says to search it in WeChat.
 */
export const FOOTER_LINKS: ReadonlyArray<{ readonly label: string; readonly href: string }> = [
  { label: "帮助中心", href: HelpHrefs.help },
  { label: "官方公众号", href: HelpHrefs.officialAccount },
  { label: "关于我们", href: HelpHrefs.about }
]

export const COPYRIGHT = "© 2026 米豆AI"
export const ICP_LINE = "浙ICP备2026000000号-1"
export const ICP_URL = "https://beian.miit.gov.cn"
