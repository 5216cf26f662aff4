import { guardNavigation, safeReturn } from "@mido/core/navigation"
import { Schema } from "effect"
import { defineRule, type RuleCommand } from "./RuleCommand.js"

const Path = Schema.String.pipe(
  Schema.filter((path) => path.startsWith("/") && !/[?#]/.test(path), {
    message: () => "path must start with / and hold no query or hash"
  })
)

const Query = Schema.String.pipe(
  Schema.filter((query) => query === "" || (query.startsWith("?") && !query.includes("#")), {
    message: () => 'query must be "" or start with "?" (no hash)'
  })
)

const isHttpOrigin = (text: string): boolean => {
  try {
    const url = new URL(text)
    return (url.protocol === "https:" || url.protocol === "http:") && url.search === "" && url.hash === ""
  } catch {
    return false
  }
}

/** The mobile site's origin (optionally with a base path); "" means none is configured. */
const MobileSite = Schema.String.pipe(
  Schema.filter((site) => site === "" || isHttpOrigin(site), {
    message: () => 'mobileSite must be "" or an http(s) URL without query or hash'
  })
)

const GuardInput = Schema.Struct({
  path: Path,
  query: Query,
  loggedIn: Schema.Boolean,
  mobile: Schema.Boolean,
  h5: Schema.Boolean,
  mobileSite: MobileSite
})

export const navRules: ReadonlyArray<RuleCommand> = [
  defineRule({
    name: "nav.guard",
    summary: "the navigation guard: allow, redirect or go to the mobile site; setH5 when the H5 flag is set (NV4–NV7)",
    input: GuardInput,
    run: guardNavigation
  }),
  defineRule({
    name: "nav.safeReturn",
    summary: "the in-app return address for a raw ref query value, /list when unsafe (NV8, R13)",
    input: Schema.Struct({ ref: Schema.String }),
    run: ({ ref }) => ({ to: safeReturn(ref) })
  })
]
