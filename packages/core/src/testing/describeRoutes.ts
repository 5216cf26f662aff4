import { Either, type ParseResult, Schema, type SchemaAST } from "effect"
import { describe, expect, it } from "vitest"
import type { AnyRoute, RouteExamples } from "../api/Route.js"

/**
 * The table-driven contract checks every route group's test runs (brief "Tests"): names and paths,
 * auth by path, the example decoding both ways, query wire forms made of text, malformed data and bad
 * input rejected, and no server-owned field accepted as input (R12). Test-only (it imports vitest):
 * imported by `api/routes/*Routes.test.ts`, never by src/index.ts. The examples come from api/examples/.
 */
export interface RouteCases {
  /** Data samples the route must reject (at least one). */
  readonly malformed: ReadonlyArray<unknown>
  /** Inputs the route must reject: a bad phone, an empty code, a negative id, an oversize page… */
  readonly badInputs?: ReadonlyArray<unknown>
}

/** Fields only the server may set (R12); none may appear in a request schema. */
export const SERVER_OWNED_FIELDS = [
  "balance",
  "today_consumed",
  "vip_level",
  "is_vip",
  "vip_name",
  "vip_expired_at_str",
  "invite_user_id",
  "status",
  "price",
  "amount",
  "payable",
  "claim",
  "beans",
  "user_id",
  "is_member",
  "like_count",
  "favorite_count",
  "follower_count",
  "is_register",
  "token"
] as const

/** Every property name a schema's AST can decode (through refinements, transformations and unions). */
export const inputFieldNames = (ast: SchemaAST.AST): ReadonlyArray<string> => {
  switch (ast._tag) {
    case "TypeLiteral":
      return ast.propertySignatures.flatMap((property) => [String(property.name), ...inputFieldNames(property.type)])
    case "Refinement":
      return inputFieldNames(ast.from)
    case "Transformation":
      return [...inputFieldNames(ast.from), ...inputFieldNames(ast.to)]
    case "Union":
      return ast.types.flatMap(inputFieldNames)
    case "TupleType":
      return [...ast.elements.map((element) => element.type), ...ast.rest.map((rest) => rest.type)].flatMap(inputFieldNames)
    default:
      return []
  }
}

const decodes = (schema: Schema.Schema<unknown, unknown>, value: unknown): Either.Either<unknown, ParseResult.ParseError> =>
  Schema.decodeUnknownEither(schema)(value, { onExcessProperty: "error" })

export const describeRoutes = <Routes extends Record<string, AnyRoute>>(
  group: string,
  routes: Routes,
  examples: RouteExamples<Routes>,
  cases: { readonly [K in keyof Routes]: RouteCases }
): void => {
  const rows = Object.entries(routes).map(([shortName, route]) => ({
    shortName,
    route,
    example: examples[shortName as keyof Routes],
    cases: cases[shortName as keyof Routes]
  }))

  describe(`${group} route table`, () => {
    it("has unique paths", () => {
      const paths = rows.map(({ route }) => route.path)
      expect(new Set(paths).size).toBe(paths.length)
    })

    it.each(rows)("$route.name: name, method, encoding and auth follow the conventions", ({ shortName, route }) => {
      expect(route.name).toBe(`${group}.${shortName}`)
      expect(route.path).toMatch(/^\/api\/v[12]\//)
      if (route.method === "GET") expect(route.encoding).toBe("query")
      else expect(route.encoding).not.toBe("query")
      if (route.path.includes("/open/")) expect(["none", "optional"]).toContain(route.auth)
      else expect(route.auth).toBe("required")
      expect(route.summary.length).toBeGreaterThan(10)
    })

    it.each(rows)("$route.name: the example input decodes, strictly, and encodes back", ({ route, example }) => {
      const decoded = decodes(route.input, example.input)
      expect(Either.isRight(decoded), String(Either.isLeft(decoded) ? decoded.left : "")).toBe(true)
      const wire = Schema.encodeSync(route.input)(Either.getOrThrow(decoded))
      if (route.encoding === "query") {
        // the server decodes the raw query string with the same schema, so the wire form is all text
        for (const value of Object.values(wire as Record<string, unknown>)) expect(typeof value).toBe("string")
      }
    })

    it.each(rows)("$route.name: the example data decodes, strictly, and encodes back", ({ route, example }) => {
      const decoded = decodes(route.data, example.data)
      expect(Either.isRight(decoded), String(Either.isLeft(decoded) ? decoded.left : "")).toBe(true)
      expect(() => Schema.encodeSync(route.data)(Either.getOrThrow(decoded))).not.toThrow()
    })

    it.each(rows)("$route.name: malformed data is rejected", ({ route, cases: routeCases }) => {
      expect(routeCases.malformed.length).toBeGreaterThan(0)
      for (const sample of routeCases.malformed) {
        expect(Either.isLeft(Schema.decodeUnknownEither(route.data)(sample)), JSON.stringify(sample)).toBe(true)
      }
    })

    it.each(rows)("$route.name: bad input is rejected", ({ route, cases: routeCases }) => {
      for (const sample of routeCases.badInputs ?? []) {
        expect(Either.isLeft(decodes(route.input, sample)), JSON.stringify(sample)).toBe(true)
      }
    })

    it.each(rows.filter(({ route }) => route.method === "POST"))("$route.name: no server-owned field is accepted as input (R12)", ({ route }) => {
      const names = inputFieldNames(route.input.ast)
      for (const owned of SERVER_OWNED_FIELDS) expect(names).not.toContain(owned)
    })
  })
}

/** Builds describeRoutes' cases from one malformed answer per route and [route, case, input] rows. */
export const routeCases = <Name extends string>(
  malformed: Readonly<Record<Name, unknown>>,
  badInputs: ReadonlyArray<readonly [Name, string, unknown]> = []
): { readonly [K in Name]: RouteCases } =>
  Object.fromEntries(
    (Object.keys(malformed) as Array<Name>).map((name) => [
      name,
      { malformed: [malformed[name]], badInputs: badInputs.filter(([row]) => row === name).map(([, , input]) => input) }
    ])
  ) as unknown as { readonly [K in Name]: RouteCases }
