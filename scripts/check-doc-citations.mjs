#!/usr/bin/env node
// A clone must explain itself: every reliability requirement (R1…R46) and every domain rule ID
// (CP1, NV8, …) that code, tests or docs cite is defined by a document in the repository, and nothing
// cites a file outside it or a path on someone's machine. Scans the source, test and doc files Git
// knows (tracked, plus new files not ignored) and exits 1 listing file:line and what is wrong:
//   (a) an R-number that docs/reliability.md does not define (a `### R<n>` heading or `| R<n> |` row);
//   (b) a rule ID that no docs/spec/*.md defines (a `### <ID>` heading or `| <ID> |` row);
//   (c) a citation of a file outside the repository (the shared design or reference pages, the
//       product spec's file) or, in Markdown and in code comments that cite a document, a machine
//       path such as /home/…, /root/…, /tmp/…;
//   (d) a docs/….md path, or a relative Markdown link to a .md file, that does not exist.
// Before scanning it checks itself on in-memory samples (each kind must be caught, clean text must
// pass); `--self-test` runs only that. Plain Node, no dependencies.
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { dirname, join, normalize } from "node:path"
import { fileURLToPath } from "node:url"

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..")
const SELF = "scripts/check-doc-citations.mjs"
const SCANNED = /\.(ts|tsx|js|mjs|md)$/
const SKIPPED = /(^|\/)(node_modules|dist)\/|(^|\/)package-lock\.json$/
/** Rule-ID prefixes that are checked even before docs/spec defines any ID with them. */
const BASE_PREFIXES = ["CP", "SD", "IT", "RM", "FM", "UP", "IM", "MS", "NV", "OR", "LY", "CF", "MD"]
/** Files others own: their problems are listed apart, for whoever may edit them. */
const OWNED_ELSEWHERE = [/^packages\//, /^apps\//, /^eslint\.config\.js$/, /(^|\/)CONTEXT\.md$/]

/** Citations of documents that live outside the repository, with what to cite instead. */
const OUTSIDE = [
  { pattern: /\.\.\/shared\//, what: "../shared/", instead: "a page under docs/ (the design: docs/ARCHITECTURE.md)" },
  { pattern: /\/work\//, what: "/work/", instead: "a path inside the repository" },
  { pattern: /shared\/reference/, what: "shared/reference", instead: "docs/reliability.md" },
  { pattern: /shared\/design\.md/, what: "shared/design.md", instead: "docs/ARCHITECTURE.md" },
  { pattern: /\breference\/(reliability|engines|aesthetics)\.md/, what: "reference/….md", instead: "docs/reliability.md (R-numbers)" },
  { pattern: /\bspec\/000_[0-9a-f]+\.txt/, what: "the product spec's file", instead: "\"spec §N\" (docs/README.md explains the sections)" },
  { pattern: /\bdesign(?:\.md)? §\s*1\b/, what: "design §1", instead: "docs/ARCHITECTURE.md, the dependency rule" },
  { pattern: /\bdesign(?:\.md)? §\s*3\b/, what: "design §3", instead: "docs/ARCHITECTURE.md, Conventions" },
  { pattern: /\bdesign(?:\.md)? §\s*(?![13]\b)\d+/, what: "design §N", instead: "the docs/ page that holds it (docs/README.md lists them)" }
]
const MACHINE_PATH = /(?:^|[\s`'"(<=])(\/(?:home|root|tmp)\/[^\s`'")>]*)/
const DOCUMENT_MENTION = /\.(md|txt)\b|§/

/** The R-numbers a requirements page defines. */
export const definedRequirements = (markdown) => {
  const ids = new Set()
  for (const match of markdown.matchAll(/^(?:#{2,4} +R(\d{1,3})\b|\| *R(\d{1,3}) *\|)/gm)) ids.add(Number(match[1] ?? match[2]))
  return ids
}

/** The rule IDs a spec page defines. */
export const definedRules = (markdown) => {
  const ids = new Set()
  for (const match of markdown.matchAll(/^(?:#{2,4} +([A-Z]{2,3}\d{1,2})\b|\| *([A-Z]{2,3}\d{1,2}) *\|)/gm)) ids.add(match[1] ?? match[2])
  return ids
}

const isCommentPart = (line, index) => {
  const trimmed = line.trimStart()
  if (trimmed.startsWith("//") || trimmed.startsWith("*") || trimmed.startsWith("/*")) return true
  const slashes = line.indexOf("//")
  return slashes >= 0 && slashes < index && /\s/.test(line[slashes - 1] ?? " ")
}

/**
 * The problems of one file. `context`: `requirements` (Set of numbers), `rules` (Set of IDs),
 * `prefixes` (rule-ID prefixes), `exists(path)` (a repository-relative path exists).
 */
export const checkText = (path, text, context) => {
  const problems = []
  const isMarkdown = path.endsWith(".md")
  const rulePattern = new RegExp(`\\b(${context.prefixes.join("|")})(\\d{1,2})\\b`, "g")
  const lines = text.split("\n")
  lines.forEach((line, index) => {
    const at = { path, line: index + 1, text: line.trim() }
    const report = (kind, message, suggest) => problems.push({ ...at, kind, message, suggest })

    const cited = new Set()
    for (const match of line.matchAll(/\bR(\d{1,3})\s*[–-]\s*R(\d{1,3})\b/g)) {
      const [from, to] = [Number(match[1]), Number(match[2])]
      if (from <= to && to - from <= 60) for (let n = from; n <= to; n++) cited.add(n)
    }
    for (const match of line.matchAll(/\bR(\d{1,3})\b/g)) cited.add(Number(match[1]))
    for (const n of [...cited].sort((a, b) => a - b)) {
      if (!context.requirements.has(n)) report("requirement", `R${n} is not defined in docs/reliability.md`, `define R${n} there, or cite the right number`)
    }

    for (const match of line.matchAll(rulePattern)) {
      const id = `${match[1]}${match[2]}`
      if (!context.rules.has(id)) report("rule", `rule ${id} is not defined in docs/spec/*.md`, `add a "### ${id} — …" section to the spec page of ${match[1]}`)
    }

    const outside = OUTSIDE.find((entry) => entry.pattern.test(line))
    const machine = MACHINE_PATH.exec(line)
    if (outside) report("outside", `cites a document outside the repository (${outside.what})`, `cite ${outside.instead}`)
    else if (machine && (isMarkdown || (isCommentPart(line, machine.index) && DOCUMENT_MENTION.test(line)))) {
      report("outside", `names a machine path (${machine[1]})`, "cite the document by its path inside the repository")
    }

    for (const match of line.matchAll(/(?<![\w./-])(docs\/[\w./-]*\.md)\b/g)) {
      if (!context.exists(match[1])) report("missing", `${match[1]} does not exist`, "cite an existing page (docs/README.md lists them)")
    }
    if (isMarkdown) {
      for (const match of line.matchAll(/\]\(([^)\s#:]+\.md)(?:#[^)]*)?\)/g)) {
        const target = normalize(join(dirname(path), match[1]))
        if (!context.exists(target)) report("missing", `link to ${match[1]} (${target}) goes nowhere`, "link an existing page")
      }
    }
  })
  return problems
}

/** Builds the context from the repository's own pages. */
export const loadContext = (files, read, exists) => {
  const requirements = files.includes("docs/reliability.md") ? definedRequirements(read("docs/reliability.md")) : new Set()
  const rules = new Set()
  for (const file of files.filter((name) => /^docs\/spec\/[^/]+\.md$/.test(name))) for (const id of definedRules(read(file))) rules.add(id)
  const prefixes = [...new Set([...BASE_PREFIXES, ...[...rules].map((id) => id.replace(/\d+$/, ""))])].sort()
  return { requirements, rules, prefixes, exists }
}

const selfTest = () => {
  const context = loadContext(
    ["docs/reliability.md", "docs/spec/sample.md"],
    (name) => (name === "docs/reliability.md" ? "# R\n\n### R1 — one\n| R2 | two |\n### R4 — four\n" : "# Sample (CP)\n### CP1 — first\n| NV2 | row |\n"),
    (name) => ["docs/reliability.md", "docs/spec/sample.md", "docs/ARCHITECTURE.md"].includes(name)
  )
  const kinds = (path, text) => checkText(path, text, context).map((problem) => problem.kind)
  const cases = [
    ["defined R-numbers pass", "a.ts", "// R1 and R2, R4", []],
    ["an undefined R-number fails (a)", "a.ts", "// see R3", ["requirement"]],
    ["a range covers every number in it (a)", "a.md", "R1–R4", ["requirement"]],
    ["defined rule IDs pass", "a.test.ts", 'it("CP1 and NV2", () => {})', []],
    ["an undefined rule ID fails (b)", "a.test.ts", 'it("CP9 …", () => {})', ["rule"]],
    ["a base prefix is checked with no ID defined (b)", "a.ts", "/** MD7: … */", ["rule"]],
    ["the shared design fails (c)", "a.md", "`../shared/design.md` is the design", ["outside"]],
    ["the reference page fails (c)", "a.md", "decisions of /work/shared/reference/reliability.md", ["outside"]],
    ["a design section fails (c)", "a.ts", "// Composition root (design.md §1)", ["outside"]],
    ["a design section without .md fails (c)", "a.ts", " * stores (design §3): …", ["outside"]],
    ["a machine path in Markdown fails (c)", "a.md", "notes in /home/me/notes.txt", ["outside"]],
    ["a machine path citing a document in a comment fails (c)", "a.ts", "// see /tmp/plan.md", ["outside"]],
    ["a machine path in code passes", "a.ts", '  uploadDir: "/tmp/mido-test-uploads",', []],
    ["a browser path in code passes", "a.mjs", 'if (!existsSync("/usr/bin/chromium")) missing.push("chromium")', []],
    ["a missing docs page fails (d)", "a.ts", "// docs/spec/nowhere.md", ["missing"]],
    ["an existing docs page passes", "a.ts", "// docs/ARCHITECTURE.md", []],
    ["a broken relative link fails (d)", "docs/a.md", "[x](nowhere.md)", ["missing"]],
    ["a relative link resolves from the page's folder", "docs/spec/b.md", "[x](../ARCHITECTURE.md#tree)", []],
    ["words that look like IDs pass", "a.ts", "SHA256, UTF8, H5, R2D2, ES2022, IT'S", []]
  ]
  const failures = cases.filter(([, path, text, expected]) => JSON.stringify(kinds(path, text)) !== JSON.stringify(expected))
  for (const [name, path, text, expected] of failures) {
    console.error(`self-test failed: ${name}: ${path}: ${text}\n  expected ${JSON.stringify(expected)}, got ${JSON.stringify(kinds(path, text))}`)
  }
  return failures.length === 0
}

const repositoryFiles = () =>
  execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter((name) => name !== "" && !SKIPPED.test(name) && existsSync(join(ROOT, name)))

const main = () => {
  if (!selfTest()) process.exit(1)
  if (process.argv.includes("--self-test")) {
    console.log("check-doc-citations: self-test passed")
    return
  }
  const files = repositoryFiles()
  const known = new Set(files)
  const read = (name) => readFileSync(join(ROOT, name), "utf8")
  const context = loadContext(files, read, (name) => known.has(name) || existsSync(join(ROOT, name)))
  const scanned = files.filter((name) => SCANNED.test(name) && name !== SELF)
  const problems = scanned.flatMap((name) => checkText(name, read(name), context))
  if (problems.length === 0) {
    console.log(`check-doc-citations: ${scanned.length} files cite only R-numbers, rule IDs and pages the repository defines`)
    return
  }
  const elsewhere = (problem) => OWNED_ELSEWHERE.some((pattern) => pattern.test(problem.path))
  const print = (title, list) => {
    if (list.length === 0) return
    console.error(`\n${title} (${list.length}):`)
    for (const problem of list) {
      console.error(`${problem.path}:${problem.line}: ${problem.message}\n    ${problem.text.slice(0, 160)}\n    fix: ${problem.suggest}`)
    }
  }
  console.error(`check-doc-citations: ${problems.length} citation problem(s) in ${scanned.length} files`)
  print("In docs/, scripts/ and the root files", problems.filter((problem) => !elsewhere(problem)))
  print("In packages/, apps/, eslint.config.js and CONTEXT.md files", problems.filter(elsewhere))
  process.exit(1)
}

main()
