import type { ArtworkCard } from "@mido/core"
import { helpContactHref, helpLink } from "@mido/core/navigation"
import { type CardPicture, firstScreenCardsHtml, firstScreenCardStyle } from "./firstScreenCards.js"

/**
 * The first screen of /list as the app draws it, in plain HTML before the app's scripts (issue 30
 * target 2, ADR 0028 "Since"): the top bar, the sidebar above 1440 px, the square's title and tabs and
 * the first cards, each a link to its work. A visitor sees real artworks as soon as the HTML, the CSS
 * and the pictures have arrived; with JavaScript off the page still shows them and its links work.
 *
 * It stands beside #root, not in it (React clears its container at the first commit, and the app's
 * first commit is the start-up spinner): while it is there, #root is laid out at the same place but
 * not shown, and the square removes it in the same frame as its own first cards are drawn
 * (apps/web/src/pages/Square/firstScreen.ts). The markup mirrors MainLayout, Logo, SidebarNav,
 * SquarePage and SquareCard (apps/web/src): change them together. The classes are Tailwind's; the web
 * build scans this file for them (apps/web/src/styles/index.css, @source).
 */

export const FIRST_SCREEN_ELEMENT_ID = "mido-first-screen"

/** icons of apps/web/src/components/ui/Icon.tsx the shell shows */
const ICONS = {
  menu: "M4 6.5h16M4 12h16M4 17.5h16",
  sparkles: "M12 3l1.6 4.4L18 9l-4.4 1.6L12 15l-1.6-4.4L6 9l4.4-1.6zM18.5 15l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8zM5 15.5l.6 1.4 1.4.6-1.4.6L5 19.5l-.6-1.4-1.4-.6 1.4-.6z",
  users: "M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM2.5 19.5a6.5 6.5 0 0113 0M16 4.3a3.5 3.5 0 010 6.4M18 14a6.5 6.5 0 013.5 5.5",
  brush: "M14.5 4.5l5 5-8.5 8.5h-5v-5zM12 7l5 5M6 18c-1 1.5-2.5 2-4 2 .5-1.5 1-3 2.5-4",
  layers: "M12 3.5l8.5 4.5-8.5 4.5L3.5 8zM3.5 12l8.5 4.5 8.5-4.5M3.5 16l8.5 4.5 8.5-4.5",
  wrench: "M14.5 6.5a4 4 0 005 5l-8.5 8.5a2.1 2.1 0 01-3-3l8.5-8.5a4 4 0 01-2-2zM16 3.8a4 4 0 00-1.5 2.7",
  chat: "M4 6a2 2 0 012-2h12a2 2 0 012 2v9a2 2 0 01-2 2H9l-5 4zM8.5 10.5h.01M12 10.5h.01M15.5 10.5h.01",
  folder: "M3.5 7A2 2 0 015.5 5h4l2 2.5h7a2 2 0 012 2V17a2 2 0 01-2 2h-13a2 2 0 01-2-2z",
  user: "M12 12a4 4 0 100-8 4 4 0 000 8zM4.5 20a7.5 7.5 0 0115 0",
  gift: "M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7S10.5 3.5 8 3.8C6 4 6.3 7 8.5 7M12 7s1.5-3.5 4-3.2c2 .2 1.7 3.2-.5 3.2"
} as const

const icon = (name: keyof typeof ICONS, size: number, className = ""): string =>
  `<svg viewBox="0 0 24 24" width="${size}" height="${size}" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"${className === "" ? "" : ` class="${className}"`}><path d="${ICONS[name]}"/></svg>`

/** NAV_GROUPS of apps/web/src/components/layout/navigation.ts. */
const NAV_GROUPS: ReadonlyArray<{ readonly title: string; readonly items: ReadonlyArray<readonly [string, string, keyof typeof ICONS, string?]> }> = [
  { title: "AI创作", items: [["/list", "灵感广场", "sparkles"], ["/community", "社区", "users"], ["/aigc", "AI绘画", "brush", "MJ模型"], ["/webui", "在线SD", "layers"], ["/tools-panel", "AI工具箱", "wrench"]] },
  { title: "AI助手", items: [["/intelligent", "智能助手", "chat", "4o绘图"]] },
  { title: "个人", items: [["/property", "资产库", "folder"], ["/personal", "个人中心", "user"], ["/invite-info", "邀请有礼", "gift", "现金奖励"]] }
]

const tag = (text: string): string =>
  `<span class="inline-flex shrink-0 items-center font-medium whitespace-nowrap ring-1 ring-inset ${text === "现金奖励" ? "bg-linear-to-r from-danger-500 to-bean-500 text-white ring-transparent" : "bg-brand-50 text-brand-700 ring-brand-200"} h-4 gap-0.5 rounded-xs px-1 text-[11px] leading-none">${text}</span>`

const sidebar = (): string => {
  const groups = NAV_GROUPS.map(({ title, items }) => {
    const links = items.map(([to, label, name, badge]) => {
      const state = to === "/list" ? "bg-brand-50 font-medium text-brand-700" : "text-gray-700 hover:bg-gray-100 hover:text-gray-900"
      return `<li><a href="${to}" class="flex h-10 items-center gap-3 rounded-md px-3 text-base transition-colors ${state}">${icon(name, 18, "shrink-0")}<span class="flex-1 truncate">${label}</span>${badge === undefined ? "" : tag(badge)}</a></li>`
    })
    return `<section aria-label="${title}"><h2 class="mb-1.5 px-3 text-xs font-medium text-gray-400">${title}</h2><ul class="space-y-0.5">${links.join("")}</ul></section>`
  })
  const footer = [["帮助中心", helpLink("help").path], ["官方公众号", helpContactHref()], ["关于我们", helpLink("about").path]]
    .map(([label, href]) => `<li><a href="${href}" target="_blank" rel="noreferrer" class="hover:text-brand-600">${label}</a></li>`)
  return `<aside aria-label="侧边栏" class="fs-sidebar fixed top-topbar bottom-0 left-0 z-20 w-sidebar border-r border-line bg-surface"><div class="flex h-full flex-col">` +
    `<nav aria-label="主导航" class="flex-1 space-y-5 overflow-y-auto px-3 py-4">${groups.join("")}</nav>` +
    `<footer class="border-t border-line px-6 py-4 text-xs text-gray-500"><ul class="flex flex-wrap gap-x-3 gap-y-1">${footer.join("")}</ul>` +
    `<p class="mt-2">© 2026 米豆AI</p><a href="https://beian.miit.gov.cn" target="_blank" rel="noreferrer" class="mt-0.5 block hover:text-brand-600">浙ICP备2026000000号-1</a></footer></div></aside>`
}

const PILL = "h-8 rounded-full px-4 text-sm transition-colors"
/** SQUARE_TYPE_TABS and SQUARE_SORT_TABS of @mido/react: 全部 · 最新 is the page the HTML carries. */
const TYPE_TABS = ["全部", "AI绘画", "MJ", "在线SD", "智能助手"]
const SORT_TABS = ["最新", "最热"]

const squareHeader = (): string => {
  const types = TYPE_TABS.map((label, index) =>
    `<button type="button" disabled aria-pressed="${index === 0}" class="${PILL} ${index === 0 ? "bg-brand-600 font-medium text-white" : "bg-gray-100 text-gray-700"}">${label}</button>`)
  const sorts = SORT_TABS.map((label, index) =>
    `<button type="button" disabled aria-pressed="${index === 0}" class="h-7 rounded-full px-3.5 text-sm ${index === 0 ? "bg-surface font-medium text-brand-700 shadow-sm" : "text-gray-600"}">${label}</button>`)
  return `<header class="mb-5 flex flex-wrap items-center justify-between gap-x-6 gap-y-3"><div class="flex items-baseline gap-3">` +
    `<h1 class="text-xl font-semibold text-gray-900">灵感广场</h1><p class="text-sm text-gray-500">发现创作者们的 AI 作品，找到你的下一个灵感</p></div>` +
    `<div class="flex flex-wrap items-center gap-4"><div role="group" aria-label="作品类型" class="flex flex-wrap gap-2">${types.join("")}</div>` +
    `<div role="group" aria-label="排序" class="flex rounded-full bg-gray-100 p-0.5">${sorts.join("")}</div></div></header>`
}

/**
 * The <style> for the head: the sidebar as the SidebarStore shows it to a first visit (LY1: above
 * 1440 px, a 258 px margin; else 18 px), #root hidden in place while the first screen stands, and the
 * masonry's rules.
 */
export const firstScreenStyle = (cards: ReadonlyArray<ArtworkCard>): string =>
  [
    `#${FIRST_SCREEN_ELEMENT_ID} ~ #root { position: absolute; top: 0; left: 0; right: 0; visibility: hidden; }`,
    ".fs-sidebar { display: none; } .fs-main { margin-left: 18px; }",
    "@media (min-width: 1441px) { .fs-sidebar { display: block; } .fs-main { margin-left: 258px; } }",
    firstScreenCardStyle(cards)
  ].join("\n")

/** The first screen's markup, to stand before #root in the body. */
export const firstScreenHtml = (cards: ReadonlyArray<ArtworkCard>, pictureOf: (card: ArtworkCard) => CardPicture): string =>
  `<div id="${FIRST_SCREEN_ELEMENT_ID}" class="min-h-screen bg-canvas">` +
  `<header class="fixed inset-x-0 top-0 z-30 flex h-topbar items-center gap-3 border-b border-line bg-surface/90 px-4 backdrop-blur">` +
  `<span class="flex size-9 items-center justify-center rounded-md text-gray-600">${icon("menu", 20)}</span>` +
  `<a href="/list" class="flex shrink-0 items-center gap-2" aria-label="米豆AI 首页"><span class="flex size-8 items-center justify-center rounded-lg bg-linear-to-br from-brand-500 to-brand-700 text-sm font-bold text-white shadow-sm">米</span>` +
  `<span class="text-lg font-semibold tracking-wide text-gray-900">米豆AI</span></a></header>` +
  sidebar() +
  `<div role="main" class="fs-main pt-topbar pr-[18px]"><div class="py-6"><section aria-label="灵感广场" class="mx-auto w-full max-w-[1920px] pb-10">` +
  squareHeader() +
  `<div class="w-full">${firstScreenCardsHtml(cards, pictureOf)}</div></section></div></div></div>`
