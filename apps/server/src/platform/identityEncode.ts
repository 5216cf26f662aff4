import type { SchemaAST } from "effect"

/**
 * Whether encoding with a schema of this AST gives back the very value it is given: structs,
 * arrays, unions, literals and keywords, with refinements (which only check). Any transformation,
 * declaration (classes, Option, Date…) or lazy schema answers false — those may change the value
 * on the way out, so their routes keep the full encode.
 */
export const encodesAsIdentity = (ast: SchemaAST.AST): boolean => {
  switch (ast._tag) {
    case "Transformation":
    case "Declaration":
    case "Suspend":
      return false
    case "Refinement":
      return encodesAsIdentity(ast.from)
    case "TypeLiteral":
      return ast.propertySignatures.every((property) => encodesAsIdentity(property.type)) &&
        ast.indexSignatures.every((index) => encodesAsIdentity(index.type))
    case "TupleType":
      return ast.elements.every((element) => encodesAsIdentity(element.type)) && ast.rest.every((rest) => encodesAsIdentity(rest.type))
    case "Union":
      return ast.types.every(encodesAsIdentity)
    default:
      return true
  }
}
