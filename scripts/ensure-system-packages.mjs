#!/usr/bin/env node
// The tests need three things from Debian that npm cannot provide: a PostgreSQL server (the server
// suite's second run), Chromium (browser tests; never a downloaded browser) and CJK fonts (so Chinese
// renders in screenshots). Installs whichever is missing when running as root; otherwise says how.
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync, readdirSync } from "node:fs"

const missing = []
const hasPostgres = existsSync("/usr/lib/postgresql") && readdirSync("/usr/lib/postgresql").some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/pg_ctl`))
if (!hasPostgres) missing.push("postgresql")
if (!existsSync("/usr/bin/chromium")) missing.push("chromium")
const fonts = spawnSync("sh", ["-c", "fc-list :lang=zh 2>/dev/null | head -1"], { encoding: "utf8" })
if (!existsSync("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc") && (fonts.stdout ?? "").trim() === "") missing.push("fonts-noto-cjk")

if (missing.length === 0) process.exit(0)
if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
  console.error(`Missing system packages: ${missing.join(", ")}. Install them with: sudo apt-get install -y ${missing.join(" ")}`)
  process.exit(1)
}
console.log(`Installing ${missing.join(", ")} from Debian…`)
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env })
execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing], { stdio: "inherit", env })
