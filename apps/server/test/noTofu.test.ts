import { execFile } from "node:child_process"
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { describe, expect, it } from "vitest"
import { toolCover } from "../src/seed/commerceSeed.js"
import { DEMO_USERS } from "../src/seed/demoUsers.js"
import { avatarIcon, avatarSvg } from "../src/seed/seedAvatars.js"
import { renderedHashes } from "./noTofuRender.js"
import { builtHarness } from "./builtEntry.js"

/** OE4 (docs/spec/generation.md): no picture the server writes needs a CJK font, so none shows tofu boxes. */
const cjkText = /<text[^>]*>[^<]*[\u3400-\u9fff\uf900-\ufaff]/

/** A fontconfig with no font directory but an empty one: what a bare production host offers. */
const fontlessConfig = () => {
  const root = mkdtempSync(join(tmpdir(), "mido-no-fonts-"))
  mkdirSync(join(root, "fonts"))
  const file = join(root, "fonts.conf")
  writeFileSync(file, `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>${join(root, "fonts")}</dir><cachedir>${join(root, "cache")}</cachedir></fontconfig>`)
  return file
}

describe("OE4 pictures without fonts", () => {
  it("draws the demo avatars from shapes and emoji, no text element", () => {
    for (const [index, [nickname, bio]] of DEMO_USERS.entries()) {
      const svg = avatarSvg(index, avatarIcon(index, nickname, bio))
      expect(svg, nickname).not.toMatch(/<text/)
      expect(svg, nickname).not.toMatch(cjkText)
    }
  })

  it("draws the tools' covers with an emoji, no text element", () => {
    const svg = Buffer.from(toolCover("scissors", ["#6366f1", "#a855f7"]).split(",")[1]!, "base64").toString("utf8")
    expect(svg).not.toMatch(/<text/)
    expect(svg).toContain("<path")
  })

  it("renders avatars, covers and captioned pictures the same on a host without any font", async () => {
    const here = await renderedHashes()
    const { stdout } = await promisify(execFile)(process.execPath, [...(await builtHarness("noTofuRender")), "--print"], {
      cwd: join(import.meta.dirname, ".."),
      env: { ...process.env, FONTCONFIG_FILE: fontlessConfig() },
      maxBuffer: 1 << 20
    })
    expect(JSON.parse(stdout)).toEqual(here)
  }, 60_000)
})
