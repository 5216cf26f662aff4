import { describe, expect, it } from "vitest"
import { makeMjClient } from "../../src/adapters/engine/mjproxy/mjClient.js"
import { blendDimensionsOf, buildMjPrompt, imageWeightOf, mjVersionOf, noReferences } from "../../src/adapters/engine/mjproxy/mjPrompt.js"
import { mjReferences, textRequest } from "../engineFakes/engineRequests.js"

/** The midjourney-proxy adapter's pure rules: versions, blend shapes, image weight, the prompt, where auth goes. */
describe("the MJ prompt rules", () => {
  it.each([
    ["v7", "--v 7", false],
    ["6.1", "--v 6.1", false],
    ["niji 6", "--niji 6", true],
    ["niji6", "--niji 6", true],
    ["", "", false]
  ] as const)("version %j → %j", (version, flag, niji) => {
    expect(mjVersionOf(version)).toEqual({ flag, niji })
  })

  it("refuses an unknown version", () => {
    expect(() => mjVersionOf("dalle")).toThrow(/不支持的 Midjourney 版本/)
  })

  it.each([
    ["2:3", "PORTRAIT"],
    ["1:1", "SQUARE"],
    ["16:9", "LANDSCAPE"],
    ["21:20", "SQUARE"]
  ] as const)("blend dimensions of %s → %s", (aspect, dimensions) => {
    expect(blendDimensionsOf(aspect)).toBe(dimensions)
  })

  it.each([
    [0, "3"],
    [0.75, "0.8"],
    [1, "0"]
  ] as const)("denoising %d → --iw %s", (strength, weight) => {
    expect(imageWeightOf(strength)).toBe(weight)
  })

  it("sends the secret only to the proxy's own origin, never to the CDN that serves the grid", () => {
    const client = makeMjClient("http://127.0.0.1:8080/", { secret: "s", bearer: "b" })
    expect(client.headersFor("http://127.0.0.1:8080/mj/image/1.png")).toEqual({ "mj-api-secret": "s", authorization: "Bearer b" })
    expect(client.headersFor("/mj/image/1.png")).toEqual({ "mj-api-secret": "s", authorization: "Bearer b" })
    expect(client.headersFor("https://cdn.discordapp.com/attachments/1/grid.png")).toEqual({})
  })

  it("keeps the prompt on one line and only one omni reference", () => {
    const prompt = buildMjPrompt({
      request: textRequest({ prompt: "a fox\nin snow", mj: mjReferences({ version: "" }) }),
      references: { ...noReferences, omni: ["https://a.test/1.png", "https://a.test/2.png"] }
    })
    expect(prompt).toBe("a fox in snow --ar 3:4 --seed 1234 --oref https://a.test/1.png")
  })
})
