import { type Schema, SchemaAST } from "effect"
import type { AnyRoute, RouteExample, RouteExamples } from "./Route.js"

const groupTitles: Readonly<Record<string, string>> = {
  user: "User and account (用户与账户)",
  login: "Login (登录)",
  message: "Messages (消息)",
  commerce: "Config and commerce (配置与商业)",
  file: "Files (文件)",
  artwork: "Artworks and groups (作品与作品集)",
  community: "Community (社区) — paths ours, not in spec §7",
  generation: "Drawing tasks (绘画任务) — paths ours, only the cost call is in spec §7",
  assistant: "The assistant that draws (智能助手, /intelligent) — paths ours, not in spec §7"
}

/** What a group needs said beyond its routes (a stream that is not a JSON route). */
const groupNotes: Readonly<Record<string, string>> = {
  generation: [
    "Live progress of a task is a server-sent event stream, not a JSON route: `GET /api/v2/task/events?id=<task id>`",
    "with the same `Authorization` header. A missing or expired login, an unknown id or another user's task",
    "answer the JSON envelope instead (code -401, 400 or 404). Otherwise `text/event-stream`: `event: task` with",
    "`data:` the task as `generation.info` returns it, once right away and again on every change, a `: ping`",
    "comment every 15 s, and the stream ends after a finished state (succeeded, failed, cancelled). The core's",
    "`Generation.watch` reads it and falls back to polling `generation.info` when it is refused or drops.",
    ""
  ].join("\n")
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ")

const describe = (ast: SchemaAST.AST): string => {
  const description = SchemaAST.getDescriptionAnnotation(ast)
  if (description._tag === "Some") return description.value
  return ast._tag === "Transformation" ? describe(ast.from) : ""
}

/** The fields of an input as it travels (the encoded side), one row each. */
const fieldRows = (schema: Schema.Schema.Any): Array<string> => {
  const encoded = SchemaAST.encodedAST(schema.ast)
  const described = schema.ast
  const descriptions = new Map(
    (described._tag === "TypeLiteral" ? described.propertySignatures : []).map((property) => [String(property.name), describe(property.type) || describe(property as unknown as SchemaAST.AST)])
  )
  if (encoded._tag !== "TypeLiteral") return [`| (body) | ${cell(String(encoded))} | | ${cell(describe(schema.ast))} |`]
  return encoded.propertySignatures.map((property) => {
    const name = String(property.name)
    const note = descriptions.get(name) ?? ""
    return `| \`${name}\` | \`${cell(String(property.type))}\` | ${property.isOptional ? "no" : "yes"} | ${cell(note)} |`
  })
}

const exampleJson = (value: unknown) =>
  JSON.stringify(value, (_key, inner) => (typeof Blob !== "undefined" && inner instanceof Blob ? `<file ${inner.type || "binary"}, ${inner.size} bytes>` : inner), 2)

const renderRoute = (route: AnyRoute, example: RouteExample<AnyRoute> | undefined): string => {
  if (example === undefined) throw new Error(`no example for ${route.name}: add it under src/api/examples/`)
  const fields = fieldRows(route.input as Schema.Schema.Any)
  return [
    `### \`${route.method} ${route.path}\``,
    "",
    `\`${route.name}\` · login: **${route.auth}** · input as **${route.encoding}**`,
    "",
    route.summary,
    "",
    fields.length === 0 ? "Input: none." : ["| field | type | required | notes |", "|---|---|---|---|", ...fields].join("\n"),
    "",
    "Example input:",
    "",
    "```json",
    exampleJson(example.input),
    "```",
    "",
    "Example `data`:",
    "",
    "```json",
    exampleJson(example.data),
    "```",
    ""
  ].join("\n")
}

type RouteGroups = Readonly<Record<string, Readonly<Record<string, AnyRoute>>>>

/**
 * docs/api.md, rendered from the route table so that the document cannot drift from the code. The
 * examples come apart (`routeExamples` of api/examples/), so this file carries no sample data.
 */
export const renderApiDocs = <Groups extends RouteGroups>(
  groups: Groups,
  examples: { readonly [G in keyof Groups]: RouteExamples<Groups[G]> }
): string => {
  const sections = Object.entries(groups).map(([group, routes]) => {
    const groupExamples: Readonly<Record<string, RouteExample<AnyRoute>>> | undefined = examples[group]
    const rendered = Object.entries(routes).map(([shortName, route]) => renderRoute(route, groupExamples?.[shortName]))
    const note = groupNotes[group]
    return [`## ${groupTitles[group] ?? group}`, "", ...(note === undefined ? [] : [note]), ...rendered].join("\n")
  })
  return [
    "# Mido API",
    "",
    "Generated from `packages/core/src/api/routeTable.ts` by `npm run docs:api`; do not edit by hand",
    "(a test fails when this file and the route table differ).",
    "",
    "Every answer is the envelope `{ code, msg, data }`: code 0 is success and `data` is what each route",
    "lists below; code -401 means the login is missing or expired (the client logs out); any other code",
    "is an error whose `msg` is shown to the user. Requests carry `source: PC`, and",
    "`Authorization: Bearer <token>` when logged in. GET inputs travel in the query string (all values",
    "as text), POST inputs as JSON unless marked multipart.",
    "",
    "Input the route's schema refuses, unknown fields included, answers code 400 with a short Chinese",
    "`msg` naming the field (e.g. `缺少参数 uid`); so does text holding U+0000 or an unpaired surrogate,",
    "JSON nested over 32 levels and a query that is not UTF-8. The reference server answers a request",
    "body over 256 KiB (the upload forms: 15 MB) with HTTP 413 and code 413 before reading it, and a",
    "JSON route's body sent without `Content-Type: application/json` with HTTP 415 and code 415.",
    "The 415 comes first, before the login check and the console's role check (the admin routes too),",
    "so every route answers a body that is not JSON the same way whoever sends it (a visitor, a user,",
    "an operator), and that answer does not tell a visitor which routes need which role.",
    "",
    ...sections
  ].join("\n")
}
