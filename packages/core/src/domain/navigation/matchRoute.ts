import { type RouteDefinition, routes } from "./routeTable.js"

export interface RouteMatch {
  readonly route: RouteDefinition
  /** Each matched `:param`, percent-decoded once; an optional one that is absent is left out. */
  readonly params: Readonly<Record<string, string>>
}

type PatternSegment =
  | { readonly kind: "literal"; readonly text: string }
  | { readonly kind: "param"; readonly name: string; readonly optional: boolean }

const parsePattern = (pattern: string): ReadonlyArray<PatternSegment> =>
  pattern.split("/").slice(1).map((segment) =>
    segment.startsWith(":")
      ? { kind: "param", name: segment.replace(/^:|\?$/g, ""), optional: segment.endsWith("?") }
      : { kind: "literal", text: segment }
  )

const decodeSegment = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

/**
 * NV2: matches a path (no query, no hash) against one pattern. Case-sensitive; one trailing slash is
 * tolerated (`/list/` is `/list`); an empty segment or a malformed percent-escape never matches.
 */
export const matchPattern = (pattern: string, path: string): Readonly<Record<string, string>> | undefined => {
  if (!path.startsWith("/")) return undefined
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path
  const segments = trimmed === "/" ? [] : trimmed.split("/").slice(1)
  const patternSegments = parsePattern(pattern)
  const params: Record<string, string> = {}
  let index = 0
  for (const part of patternSegments) {
    const segment = segments[index]
    if (part.kind === "literal") {
      if (segment !== part.text) return undefined
      index++
      continue
    }
    if (segment === undefined) {
      if (part.optional) continue
      return undefined
    }
    const decoded = segment === "" ? undefined : decodeSegment(segment)
    if (decoded === undefined) return undefined
    params[part.name] = decoded
    index++
  }
  return index === segments.length ? params : undefined
}

/** NV2: the first route of the table whose pattern matches the path. */
export const matchRoute = (path: string, table: ReadonlyArray<RouteDefinition> = routes): RouteMatch | undefined => {
  for (const route of table) {
    const params = matchPattern(route.path, path)
    if (params !== undefined) return { route, params }
  }
  return undefined
}
