import { HELP_LINKS, type HelpLink, helpLink, type HelpPageKey, helpPageKeys, pageTitle, ProductName } from "@mido/core/navigation"
import type { HelpBlock, HelpDocument, HelpSection } from "./helpDocument.js"
import { HELP_STYLE } from "./helpStyle.js"

const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

const isHelpPageKey = (name: string): name is HelpPageKey => (helpPageKeys as ReadonlyArray<string>).includes(name)

const REFERENCE = /\[\[([^\]|]+)(?:\|([^\]]+))?\]\]/g

/**
 * Escapes a text and turns its references into links: `[[beanRules]]` → 《米豆规则》 at that page,
 * `[[/invite-info|邀请有礼]]` → a link into the app (same-origin paths only). Anything else stays
 * text (test/help.test.ts checks no page shows a stray `[[`).
 */
const inlineHtml = (text: string): string =>
  escapeHtml(text).replace(REFERENCE, (whole, target: string, label: string | undefined) => {
    if (isHelpPageKey(target)) return `<a href="${helpLink(target).path}">《${escapeHtml(helpLink(target).title)}》</a>`
    if (/^\/[a-z0-9/_-]*(#[a-z0-9-]+)?$/.test(target) && label !== undefined) return `<a href="${target}">${label}</a>`
    return whole
  })

/** A text with its references as their titles, for the page's meta description. */
const plainText = (text: string): string =>
  text.replace(REFERENCE, (_whole, target: string, label: string | undefined) => label ?? (isHelpPageKey(target) ? `《${helpLink(target).title}》` : target))

const blockHtml = (block: HelpBlock): string => {
  if (typeof block === "string") return `<p>${inlineHtml(block)}</p>`
  if ("list" in block) return `<ul>${block.list.map((item) => `<li>${inlineHtml(item)}</li>`).join("")}</ul>`
  if ("steps" in block) return `<ol>${block.steps.map((item) => `<li>${inlineHtml(item)}</li>`).join("")}</ol>`
  if ("note" in block) return `<p class="note">${inlineHtml(block.note)}</p>`
  if ("image" in block) return `<img class="qr" src="${escapeHtml(block.image.src)}" alt="${escapeHtml(block.image.alt)}">`
  if ("cards" in block) {
    const cards = block.cards.map(({ page, summary }) =>
      `<li><a href="${helpLink(page).path}"><strong>${escapeHtml(helpLink(page).title)}</strong><span>${escapeHtml(summary)}</span></a></li>`)
    return `<ul class="cards">${cards.join("")}</ul>`
  }
  const head = block.table.head.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join("")
  const rows = block.table.rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join("")}</tr>`).join("")
  return `<table${block.table.compact === true ? ` class="compact"` : ""}><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`
}

const sectionHtml = (section: HelpSection): string =>
  `<section${section.id === undefined ? "" : ` id="${escapeHtml(section.id)}"`}><h2>${escapeHtml(section.heading)}</h2>${section.blocks.map(blockHtml).join("")}</section>`

const sideNav = (current: HelpPageKey | undefined) =>
  `<nav class="side" aria-label="帮助文档"><ul>${HELP_LINKS.map(
    (link) => `<li><a href="${link.path}"${link.key === current ? ` aria-current="page"` : ""}>${escapeHtml(link.title)}</a></li>`
  ).join("")}</ul></nav>`

const FOOTER_PAGES: ReadonlyArray<HelpPageKey> = ["userAgreement", "privacyPolicy", "membershipAgreement", "about"]

const shell = (title: string, description: string, current: HelpPageKey | undefined, article: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(pageTitle(title))}</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>${HELP_STYLE}</style></head>
<body><header class="top"><div class="bar"><a class="brand" href="/list">${ProductName}<small>帮助与协议</small></a><a class="back" href="/list">返回首页</a></div></header>
<div class="layout">${sideNav(current)}<main><article>${article}</article></main></div>
<footer>${FOOTER_PAGES.map((key) => `<a href="${helpLink(key).path}">${escapeHtml(helpLink(key).title)}</a>`).join("")}<p>© 2026 ${ProductName}</p></footer>
</body></html>`

/** A help page: the header with 米豆AI and a way back to /list, the list of help pages, the document. */
export const helpPageHtml = (link: HelpLink, document: HelpDocument): string => {
  const updated = document.updated === undefined ? "" : `<p class="meta">更新日期：${escapeHtml(document.updated)}</p>`
  const article = `<h1>${escapeHtml(link.title)}</h1>${updated}<p class="lead">${inlineHtml(document.lead)}</p>${document.sections.map(sectionHtml).join("")}`
  return shell(link.title, plainText(document.lead), link.key, article)
}

/** The answer for a /help path that names no page (404): the same frame with the list of pages. */
export const helpNotFoundHtml = (): string =>
  shell(
    "页面不存在",
    "您访问的帮助页面不存在。",
    undefined,
    `<h1>页面不存在</h1><p class="lead">您访问的帮助页面不存在或已移动。请从左侧选择需要的页面，或前往<a href="${helpLink("help").path}">帮助中心</a>。</p>`
  )
