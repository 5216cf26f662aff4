import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cardLine, readSquare } from "../../../examples/feed-viewer/src/square.js"
import { makeArtwork, makeUser } from "./artworksFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

// examples/feed-viewer, the second frontend on @mido/core (issue 28 part 3): its code, as
// `node dist/main.js --server …` runs it, against the real server on loopback. The example builds
// from the packed tarball in the package checks; here it proves the core serves a frontend with no React.

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
  const author = await makeUser(server.deps.db, "雨巷画师")
  await makeArtwork(server.deps.db, author.uid, { title: "江南烟雨", likeCount: 12, createdAt: new Date(Date.now() - 60_000) })
  await makeArtwork(server.deps.db, author.uid, { title: null, likeCount: 3, createdAt: new Date() })
})
afterAll(() => server.stop())

describe("examples/feed-viewer against a running server", () => {
  it("prints the square's first page: title, author, likes, newest first", async () => {
    const result = await readSquare(server.url, { sort: "latest", size: 10 })
    expect(result._tag === "Right" && result.right.map(cardLine)).toEqual([
      " 1. 《无题》 作者：雨巷画师 ♥ 3",
      " 2. 《江南烟雨》 作者：雨巷画师 ♥ 12"
    ])
  })

  it("gives a typed NetworkError when nothing answers at the address", async () => {
    const result = await readSquare("http://127.0.0.1:9", { size: 1 })
    expect(result._tag === "Left" && result.left._tag).toBe("NetworkError")
  })
})
