import type { Context } from "hono"
import { describe, expect, it } from "vitest"
import { clientIp } from "../src/platform/clientIp.js"

const request = (headers: Record<string, string>, remoteAddress?: string) =>
  ({
    req: { header: (name: string) => headers[name.toLowerCase()] },
    env: remoteAddress === undefined ? {} : { incoming: { socket: { remoteAddress } } }
  }) as unknown as Context

describe("the client address for per-IP limits (R37)", () => {
  it.each([
    ["a spoofed header is ignored without a trusted proxy", { "x-forwarded-for": "203.0.113.9" }, "198.51.100.7", false, "198.51.100.7"],
    ["behind a trusted proxy the first forwarded address counts", { "x-forwarded-for": "203.0.113.9, 10.0.0.2" }, "10.0.0.2", true, "203.0.113.9"],
    ["a trusted proxy without the header falls back to the socket", {}, "10.0.0.2", true, "10.0.0.2"],
    ["x-real-ip when trusted", { "x-real-ip": "203.0.113.10" }, "10.0.0.2", true, "203.0.113.10"],
    ["no socket (in-process requests) is loopback", { "x-forwarded-for": "203.0.113.9" }, undefined, false, "127.0.0.1"]
  ] as const)("%s", (_name, headers, socket, trusted, expected) => {
    expect(clientIp(request(headers, socket), trusted)).toBe(expected)
  })
})
