/** A unique-constraint violation (SQLSTATE 23505), from node-postgres or PGlite, wrapped by drizzle or not. */
export const isUniqueViolation = (error: unknown): boolean => {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth += 1) {
    if ((current as { code?: unknown }).code === "23505") return true
  }
  return false
}
