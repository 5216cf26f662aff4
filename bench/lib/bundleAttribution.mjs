// Which packages the bytes of a built chunk come from, read from its source map (no dependency: the
// map's VLQ mappings are decoded here). Each generated character belongs to the source of the mapping
// segment it follows; the code of each package is gzipped on its own and the shares scaled to the
// chunk's real gzip size, so the rows are estimates that add up to the measured total.
import { existsSync, readFileSync } from "node:fs"
import { gzipSync } from "node:zlib"

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]))

/** One mapping segment's fields: [generated column delta, source delta, line delta, column delta, name delta]. */
const decodeSegment = (segment) => {
  const fields = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = DIGIT.get(char)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return fields
}

/** The generated code of a chunk split by the source file each piece came from (-1: unmapped). */
export const codeBySource = (code, map) => {
  const pieces = new Map()
  const add = (source, text) => text && pieces.set(source, (pieces.get(source) ?? "") + text)
  const lines = code.split("\n")
  let source = 0
  map.mappings.split(";").forEach((mappingLine, lineIndex) => {
    const text = lines[lineIndex] ?? ""
    const starts = []
    let column = 0
    for (const segment of mappingLine ? mappingLine.split(",") : []) {
      const fields = decodeSegment(segment)
      column += fields[0]
      if (fields.length > 1) source += fields[1]
      starts.push([column, fields.length > 1 ? source : -1])
    }
    add(-1, text.slice(0, starts[0]?.[0] ?? text.length))
    starts.forEach(([start, from], index) => add(from, text.slice(start, starts[index + 1]?.[0] ?? text.length)))
  })
  return pieces
}

/** node_modules/<package>, or the workspace package and its first folder (packages/core/api …). */
export const packageOf = (sourcePath) => {
  if (sourcePath === undefined) return "(bundler runtime, unmapped)"
  const dependency = sourcePath.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (dependency) return dependency[1]
  const workspace = sourcePath.match(/(packages|apps)\/([^/]+)\/src\/([^/]+)/)
  if (workspace) return `${workspace[1]}/${workspace[2]}/${workspace[3].replace(/\.tsx?$/, "")}`
  return sourcePath
}

/** Rows {name, minified, gzip} for the given chunk files (each with a .map beside it), largest first. */
export const attributeByPackage = (files) => {
  const byPackage = new Map()
  let gzipTotal = 0
  for (const file of files) {
    const code = readFileSync(file, "utf8")
    gzipTotal += gzipSync(code, { level: 9 }).length
    // a chunk without a map (rolldown's runtime) counts as unmapped
    const map = existsSync(`${file}.map`) ? JSON.parse(readFileSync(`${file}.map`, "utf8")) : { mappings: "", sources: [] }
    for (const [source, text] of codeBySource(code, map)) {
      const name = packageOf(map.sources[source])
      byPackage.set(name, (byPackage.get(name) ?? "") + text)
    }
  }
  const rows = [...byPackage].map(([name, text]) => ({ name, minified: text.length, alone: gzipSync(text, { level: 9 }).length }))
  const aloneTotal = rows.reduce((sum, row) => sum + row.alone, 0)
  return rows
    .map(({ name, minified, alone }) => ({ name, minified, gzip: (alone * gzipTotal) / aloneTotal }))
    .sort((a, b) => b.gzip - a.gzip)
}
