import { describe, expect, it } from "vitest"

// The SDK's public face: the value exports of each entry of package.json `exports`, one name a line in
// __snapshots__/entries/. Adding, renaming or removing an export shows up as a diff of those files, to
// be reviewed like any other API change (`npx vitest run -u` accepts it). Types vanish at run time, so
// they are not listed; `tsc` guards them.
const entries = {
  ".": () => import("./index.js"),
  "./account": () => import("./account.js"),
  "./browser": () => import("./browser.js"),
  "./contract": () => import("./contract.js"),
  "./files": () => import("./files.js"),
  "./circle": () => import("./circle.js"),
  "./activity": () => import("./activity.js"),
  "./article": () => import("./article.js"),
  "./navigation": () => import("./navigation.js"),
  "./analytics": () => import("./analytics.js"),
  "./admin": () => import("./admin.js"),
  "./generation": () => import("./generation.js"),
  "./node": () => import("./node.js"),
  "./testing": () => import("./testing/index.js")
} as const

const snapshotName = (entry: string) => (entry === "." ? "index" : entry.slice(2))

describe("the public exports of each entry", () => {
  it.each(Object.entries(entries))("%s", async (entry, load) => {
    const names = Object.keys(await load()).sort()
    await expect(`${names.join("\n")}\n`).toMatchFileSnapshot(`./__snapshots__/entries/${snapshotName(entry)}.txt`)
  })

  it("an adapter is exported from one entry only, and never from the main one", async () => {
    const main = new Set(Object.keys(await entries["."]()))
    const adapters = [...Object.keys(await entries["./browser"]()), ...Object.keys(await entries["./node"]()), ...Object.keys(await entries["./generation"]()), ...Object.keys(await entries["./account"]()), ...Object.keys(await entries["./files"]())]
    adapters.push(...Object.keys(await entries["./circle"]()), ...Object.keys(await entries["./activity"]()), ...Object.keys(await entries["./article"]()), ...Object.keys(await entries["./admin"]()), ...Object.keys(await entries["./analytics"]()), ...Object.keys(await entries["./navigation"]()))
    expect(adapters.filter((name) => main.has(name))).toEqual([])
    expect([...main].filter((name) => /Memory|Ofetch|FetchHttp|WebStorage|DataLayer|FetchServerEvents/.test(name))).toEqual([])
  })
})
