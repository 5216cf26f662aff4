// The ceiling the feed is measured against (bench/feed.mjs): a bare Hono app with one JSON route and
// nothing else (no middleware, no database), served by @hono/node-server like the real server.
//   PORT=… node bench/lib/bareHono.mjs
import { serve } from "@hono/node-server"
import { Hono } from "hono"

const app = new Hono()
app.get("/healthz", (hono) => hono.json({ status: "ok" }))
app.get("/bare", (hono) => hono.json({ code: 0, msg: "success", data: null }))
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" })
