import { matchRoute } from "./matchRoute.js"

export const ProductName = "米豆AI"

/** The separator between the page title and the product name: a spaced hyphen, ASCII only. */
export const TitleSeparator = " - "

/** NV3: the browser title, `${title} - 米豆AI`; a page without a title shows the product name alone. */
export const pageTitle = (routeTitle: string | undefined): string =>
  routeTitle === undefined || routeTitle.trim() === "" ? ProductName : `${routeTitle}${TitleSeparator}${ProductName}`

/** NV3: the browser title for a path, the product name alone when no route matches. */
export const pageTitleForPath = (path: string): string => pageTitle(matchRoute(path)?.route.title)
