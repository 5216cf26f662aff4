/** The page an invite link opens (spec §2: /invited, also with query code = invite code). */
export const InvitedPath = "/invited"

/**
 * The invite code an address carries: `code` of /invited's query, decoded and trimmed; undefined on
 * any other page, without a code or with a malformed escape. Whether the code is well formed is the
 * Session's rule (it ignores a malformed one).
 */
export const inviteCodeOf = (path: string, search: string): string | undefined => {
  if (path !== InvitedPath) return undefined
  const raw = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search).get("code")
  const code = raw?.trim()
  return code === undefined || code === "" ? undefined : code
}
