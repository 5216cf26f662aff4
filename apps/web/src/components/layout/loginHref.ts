/** /login carrying the current address as its return address (spec §2, the same form as the guard's). */
export const loginHref = (pathname: string, search: string): string =>
  pathname === "/login" ? "/login" : `/login?ref=${encodeURIComponent(pathname + search)}`
