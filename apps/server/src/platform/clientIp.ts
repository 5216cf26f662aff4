import type { Context } from "hono"

/** The client's address for per-IP limits: the socket's, or the proxy's header only when trusted (R37). */
export const clientIp = (hono: Context, trustProxy: boolean): string => {
  if (trustProxy) {
    const forwarded = hono.req.header("x-forwarded-for")?.split(",")[0]?.trim() || hono.req.header("x-real-ip")
    if (forwarded) return forwarded
  }
  const incoming = (hono.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return incoming?.socket?.remoteAddress ?? "127.0.0.1"
}
