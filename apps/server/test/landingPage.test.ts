import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeArtwork, makeUser } from "./artworksFixtures.js"
import { freePorts, solidJpeg } from "./filesFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

/**
 * Issue 30 target 2 (ADR 0028): the HTML of / and /list carries the square page's chunk, the visitor's
 * first feed page and the first row's picture preloads; the storage host makes card-sized pictures
 * with Aliyun OSS's image/resize parameter. Since: the HTML draws the first screen of cards itself,
 * and the entry runs after it (first-screen.js).
 */

const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>米豆AI</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-r1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-s1.css">
  </head>
  <body><div id="root"></div></body>
</html>
`
const PRELOADS = ["/assets/SquarePage-x1.js", "/assets/usePagedList-y2.js"]
const HOSTILE_TITLE = "</script><img src=x onerror=alert(1)>"

let server: TestServer
let dist: string
let uploadDir: string
let coverUrl: string
let smallUrl: string

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "mido-landing-dist-"))
  uploadDir = mkdtempSync(join(tmpdir(), "mido-landing-uploads-"))
  mkdirSync(join(dist, "assets"))
  writeFileSync(join(dist, "index.html"), INDEX_HTML)
  writeFileSync(join(dist, "first-screen.js"), "// the web build's starter (apps/web/public/first-screen.js)\n")
  // a file the web build writes (apps/web/landingPreload.ts), with one entry that is no asset of ours
  writeFileSync(join(dist, "landing-preload.json"), JSON.stringify([...PRELOADS, "https://evil.example/x.js"]))
  const [port, storagePort] = await freePorts(2)
  server = await startTestServer({
    port, storagePort, publicUrl: `http://127.0.0.1:${port}`, storageUrl: `http://127.0.0.1:${storagePort}`, uploadDir, webDist: dist, feedCacheMs: 5_000
  })
  const store = server.deps.objectStore
  await store.create("seed/landing-cover.jpg", await solidJpeg(1024, 768))
  await store.create("seed/landing-small.jpg", await solidJpeg(300, 200))
  coverUrl = `${server.deps.config.storageUrl}/uploads/seed/landing-cover.jpg`
  smallUrl = `${server.deps.config.storageUrl}/uploads/seed/landing-small.jpg`
  const author = await makeUser(server.deps.db, "首屏作者")
  await makeArtwork(server.deps.db, author.uid, { cover: smallUrl, title: "小图", width: 300, height: 200 })
  await makeArtwork(server.deps.db, author.uid, { cover: "https://cdn.mido.example.com/artwork/elsewhere.png", title: "别处的图" })
  await makeArtwork(server.deps.db, author.uid, { cover: coverUrl, title: HOSTILE_TITLE, width: 1024, height: 768 })
})
afterAll(async () => {
  await server.stop()
  rmSync(dist, { recursive: true, force: true })
  rmSync(uploadDir, { recursive: true, force: true })
})

const html = async (path: string) => (await fetch(`${server.url}${path}`)).text()
const inlinedPage = (text: string) => /<script type="application\/json" id="mido-square-first-page">(.*?)<\/script>/s.exec(text)?.[1]

describe("the landing page's HTML (/ and /list)", () => {
  it("names the square page's chunks in preload links (downloaded, not compiled before the first screen), and only files of the build", async () => {
    const text = await html("/list")
    for (const href of PRELOADS) expect(text).toContain(`<link rel="preload" as="script" crossorigin href="${href}" fetchpriority="low">`)
    expect(text).not.toContain("evil.example")
    // before the entry has run: in the head, ahead of </head>
    expect(text.indexOf(PRELOADS[0]!)).toBeLessThan(text.indexOf("</head>"))
  })

  it("carries the visitor's first page: the same envelope the feed API gives a visitor", async () => {
    const text = await html("/list")
    const inlined = inlinedPage(text)
    expect(inlined).toBeDefined()
    const api = await (await fetch(`${server.url}/api/v1/open/artwork/artwork/get_profile_list?size=30`, { headers: { source: "PC" } })).json()
    expect(JSON.parse(inlined!)).toEqual(api)
    expect((api as { data: { list: Array<{ title?: string }> } }).data.list.map((card) => card.title)).toEqual([HOSTILE_TITLE, "别处的图", "小图"])
  })

  it("a title cannot close the script it is inlined in (XSS)", async () => {
    const text = await html("/list")
    expect(text).not.toContain(HOSTILE_TITLE)
    expect(text).toContain("\\u003c/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e")
  })

  it("draws the first cards as plain HTML before #root: each a link to its work, its picture as the card asks for it, its title as text", async () => {
    const text = await html("/list")
    const screen = /<div id="mido-first-screen".*?(?=<div id="root">)/s.exec(text)?.[0]
    expect(screen).toBeDefined()
    const cards = [...screen!.matchAll(/<a href="\/list\?artwork=(\d+)"[^>]*aria-label="([^"]*)"/g)].map((match) => match[2])
    expect(cards).toEqual(["&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;", "别处的图", "小图"])
    // the hostile title is text: no tag of it survives anywhere in the page
    expect(text).not.toContain("<img src=x")
    expect(screen).toContain(`srcset="${coverUrl}?x-oss-process=image/resize,w_320 320w, ${coverUrl}?x-oss-process=image/resize,w_480 480w, ${coverUrl}?x-oss-process=image/resize,w_960 960w" sizes="(min-width: 760px) 320px, 456px"`)
    expect(screen).toContain('src="https://cdn.mido.example.com/artwork/elsewhere.png" alt="别处的图" loading="eager" fetchpriority="high"')
    expect(screen!.match(/elementtiming="square-card"/g)).toHaveLength(3)
    expect(screen).toContain("灵感广场")
    // the masonry's rules are in the head: the CSP allows inline styles (R17), and no inline script is added
    expect(text).toMatch(/<style id="mido-first-screen-style">[^<]*@container mido-square/)
    expect(text.match(/<script(?![^>]*(type="application\/json"|src=))/g)).toBeNull()
  })

  it("runs the entry after the first screen: first-screen.js in place of the module script, the stylesheet ahead of the scripts", async () => {
    const text = await html("/list")
    expect(text).not.toContain('<script type="module"')
    expect(text).toContain('<script defer src="/first-screen.js" data-entry="/assets/index-abc.js"></script>')
    expect(text).toContain('<link rel="preload" as="script" crossorigin href="/assets/index-abc.js" fetchpriority="low">')
    expect(text).toContain('<link rel="preload" as="script" crossorigin href="/assets/runtime-r1.js" fetchpriority="low">')
    expect(text.indexOf("index-s1.css")).toBeLessThan(text.indexOf("first-screen.js"))
  })

  it("preloads the first row's pictures from the storage host at card size, with high priority; other hosts' as they are not", async () => {
    const text = await html("/")
    expect(text).toContain(
      `<link rel="preload" as="image" imagesrcset="${coverUrl}?x-oss-process=image/resize,w_320 320w, ${coverUrl}?x-oss-process=image/resize,w_480 480w, ${coverUrl}?x-oss-process=image/resize,w_960 960w" imagesizes="(min-width: 760px) 320px, 456px" fetchpriority="high">`
    )
    expect(text).toContain(`imagesrcset="${smallUrl}?x-oss-process=image/resize,w_320 320w`)
    expect(text).not.toContain("elsewhere.png?")
    expect(text.match(/rel="preload" as="image"/g)).toHaveLength(2)
  })

  it("other pages get index.html as it is", async () => {
    const text = await html("/personal")
    expect(text).toBe(INDEX_HTML)
  })
})

describe("card-sized pictures on the storage host (OSS image/resize)", () => {
  const resized = (url: string, process: string) => fetch(`${url}?x-oss-process=${process}`)

  it("w_480 answers the picture 480 px wide, in its own format, cached for a year, and keeps it", async () => {
    const response = await resized(coverUrl, "image/resize,w_480")
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("image/jpeg")
    expect(response.headers.get("cache-control")).toContain("immutable")
    const meta = await sharp(new Uint8Array(await response.arrayBuffer())).metadata()
    expect([meta.width, meta.height, meta.format]).toEqual([480, 360, "jpeg"])
    expect(await server.deps.objectStore.head("t/480/seed/landing-cover.jpg")).toBeDefined()
  })

  it("never enlarges (OSS limit_1, the default): a smaller original comes back at its own size", async () => {
    const response = await resized(smallUrl, "image/resize,m_lfit,w_960")
    const meta = await sharp(new Uint8Array(await response.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([300, 200])
  })

  it("a width or an operation this host does not make is a 400 InvalidArgument, as OSS answers a bad parameter", async () => {
    for (const process of ["image/resize,w_500", "image/resize,w_480,m_fill", "image/crop,w_100", "video/snapshot,t_0"]) {
      const response = await resized(coverUrl, process)
      expect(response.status, process).toBe(400)
      expect(await response.text()).toContain("<Code>InvalidArgument</Code>")
    }
  })

  it("no original, no picture: 404 NoSuchKey", async () => {
    const response = await resized(`${server.deps.config.storageUrl}/uploads/seed/none.jpg`, "image/resize,w_480")
    expect(response.status).toBe(404)
    expect(await response.text()).toContain("<Code>NoSuchKey</Code>")
  })
})
