import { readFileSync } from "node:fs"
import { join } from "node:path"

/** `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"` of a built chunk: loaded before it runs. */
export const staticImports = (code) =>
  [...code.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.\.?\/[^"']+\.js)["']/g)].map((match) => match[1])

/**
 * The files a browser fetches before `roots` run: the roots and every static import, transitively
 * (dynamic imports are lazy and not followed). Paths are absolute within `dir` ("/assets/x.js").
 */
export const staticClosure = (dir, roots) => {
  const seen = new Set()
  const visit = (path) => {
    if (path === undefined || seen.has(path)) return
    seen.add(path)
    const code = readFileSync(join(dir, path), "utf8")
    for (const imported of staticImports(code)) visit(new URL(imported, `http://app${path}`).pathname)
  }
  for (const root of roots) visit(root)
  return [...seen]
}
