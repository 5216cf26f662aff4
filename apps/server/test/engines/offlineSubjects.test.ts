import sharp from "sharp"
import { describe, expect, it } from "vitest"
import { renderArt } from "../../src/adapters/engine/offline/offlineRender.js"
import { styleOfCheckpoint, treatmentOf } from "../../src/adapters/engine/offline/renderStyle.js"
import { seededRandom } from "../../src/adapters/engine/offline/seededRandom.js"
import { captionBox } from "../../src/adapters/engine/offline/caption.js"
import { iconBody, missingIcons } from "../../src/adapters/engine/offline/subjects/iconSet.js"
import { placeSubjects } from "../../src/adapters/engine/offline/subjects/subjectLayer.js"
import { fallbackIcons, subjectsOfPrompt, subjectWords } from "../../src/adapters/engine/offline/subjects/subjectTable.js"

/** The offline engine draws what the prompt names (docs/spec/generation.md, OE1–OE3). */
describe("OE1 the subjects a prompt names", () => {
  it.each([
    ["雾中灯塔", ["lighthouse", "cloud"]],
    ["机械猫咪", ["cat", "gear"]],
    ["樱花树下看书的橘猫", ["cat", "cherry-blossom", "open-book"]],
    ["mechanical cat, steampunk, brass gears", ["cat", "gear"]],
    ["lighthouse in the fog, moody, cold tones, sea cliffs", ["lighthouse", "cloud"]],
    ["熊猫吃竹子", ["panda", "tanabata-tree"]],
    ["月下的猫头鹰", ["owl", "crescent-moon"]],
    ["油纸伞少女", ["girl", "umbrella"]],
    ["山", ["mountain"]],
    ["城市夜景里的龙", ["dragon", "office-building"]],
    ["a polar bear and two penguins on the ice", ["polar-bear", "penguin", "ice"]],
    ["星空下的鲸", ["spouting-whale", "glowing-star"]],
    ["国风插画研究所", ["folding-hand-fan"]],
    ["米豆新手指南", ["compass", "seedling"]],
    ["catalogue of concatenated things", []]
  ] as ReadonlyArray<readonly [string, ReadonlyArray<string>]>)("%s → %j (none: a fallback)", (prompt, icons) => {
    const found = subjectsOfPrompt(prompt)
    if (icons.length === 0) expect(found.fallback).toBe(true)
    else expect(found.icons).toEqual(icons)
  })

  it("lets the longest word win: 灯塔 not 灯, 少女 not 女, 熊猫 not 猫, 猫头鹰 not 猫, 火车 not 火", () => {
    expect(subjectsOfPrompt("灯塔").icons).toEqual(["lighthouse"])
    expect(subjectsOfPrompt("少女").icons).toEqual(["girl"])
    expect(subjectsOfPrompt("熊猫").icons).toEqual(["panda"])
    expect(subjectsOfPrompt("猫头鹰").icons).toEqual(["owl"])
    expect(subjectsOfPrompt("火车").icons).toEqual(["locomotive"])
  })

  it("reads English as whole words, plurals included: cats is a cat, catalogue is not", () => {
    expect(subjectsOfPrompt("three cats").icons).toEqual(["cat"])
    expect(subjectsOfPrompt("a catalogue").fallback).toBe(true)
  })

  it("puts a creature first, then a thing, then scenery, whatever the order", () => {
    expect(subjectsOfPrompt("mountains, a castle, a fox").icons).toEqual(["fox", "mountain", "castle"])
    expect(subjectsOfPrompt("雪山上的城堡").icons).toEqual(["castle", "snow-capped-mountain"])
  })

  it("reads a scene the background draws (海, 草原) without drawing it, and without a fallback", () => {
    expect(subjectsOfPrompt("海")).toEqual({ icons: [], fallback: false })
    expect(subjectsOfPrompt("海边的猫").icons).toEqual(["cat"])
  })

  it("OE5: leaves out what the prompt says to leave out (the assistant's 再来一张，去掉帽子)", () => {
    expect(subjectsOfPrompt("戴帽子的橘猫；去掉帽子").icons).toEqual(["cat"])
    expect(subjectsOfPrompt("草地上的狗，不要有猫").icons).toEqual(["dog"])
    expect(subjectsOfPrompt("城堡，去掉那只龙").icons).toEqual(["castle"])
    expect(subjectsOfPrompt("a fox in the snow, without a hat").icons).toEqual(["fox", "snowflake"])
    // a removal word far before the subject does not reach it
    expect(subjectsOfPrompt("去掉背景里的杂物，画一只猫").icons).toEqual(["cat"])
    // what is left out still counts as read: no fallback picture
    expect(subjectsOfPrompt("不要猫")).toEqual({ icons: [], fallback: false })
  })

  it("draws at most three subjects, none twice", () => {
    const found = subjectsOfPrompt("猫 小猫 狗 鸟 鱼 马")
    expect(found.icons).toEqual(["cat", "dog", "bird"])
  })

  it("picks a fallback by the prompt's hash when nothing is known, and it varies", () => {
    const unknown = ["something quiet", "an emptiness", "无题", "抽象的感觉", "untitled 7", "blank"].map(subjectsOfPrompt)
    for (const found of unknown) {
      expect(found.fallback).toBe(true)
      expect(fallbackIcons).toContain(found.icons[0])
    }
    expect(new Set(unknown.map((found) => found.icons[0])).size).toBeGreaterThan(2)
    expect(subjectsOfPrompt("无题")).toEqual(subjectsOfPrompt("无题"))
  })

  it("has several hundred subjects, and every icon the tables name can be drawn", () => {
    expect(new Set(subjectWords.map((word) => word.icon)).size).toBeGreaterThan(300)
    expect(missingIcons()).toEqual([])
    expect(iconBody("lighthouse")).toContain("<path")
  })
})

describe("OE2 where the subjects go", () => {
  it("puts the main one large and inside, the others smaller, clear of it and of the caption", () => {
    for (const [width, height] of [[512, 512], [576, 1024], [1024, 576]] as const) {
      for (let seed = 0; seed < 20; seed++) {
        const placed = placeSubjects(["cat", "cherry-blossom", "open-book"], width, height, "blobs", seededRandom("t", seed))
        const side = Math.min(width, height)
        const caption = captionBox(width, height)!
        expect(placed[0]!.size).toBeGreaterThan(side * 0.45)
        for (const [index, subject] of placed.entries()) {
          expect(subject.cx - subject.size / 2).toBeGreaterThanOrEqual(0)
          expect(subject.cy + subject.size / 2).toBeLessThanOrEqual(height)
          if (index === 0) continue
          expect(subject.size).toBeLessThan(placed[0]!.size * 0.6)
          const overCaption = subject.cx + subject.size / 2 > caption.left && subject.cy + subject.size / 2 > caption.top
          expect(overCaption).toBe(false)
        }
      }
    }
  })
})

describe("OE3 the style's treatment", () => {
  it("takes a demo checkpoint's treatment, else a style word of the prompt", () => {
    expect(treatmentOf(styleOfCheckpoint("本地演示·像素"), "猫")).toBe("pixel")
    expect(treatmentOf(styleOfCheckpoint(undefined), "国风水墨, 留白与墨韵, 山")).toBe("ink")
    expect(treatmentOf(styleOfCheckpoint(undefined), "日系动漫, 少女")).toBe("anime")
    expect(treatmentOf(styleOfCheckpoint(undefined), "一只猫")).toBe("plain")
  })

  it("draws the same bytes twice for a prompt and seed, in every style", async () => {
    for (const checkpoint of [undefined, "本地演示·水彩", "本地演示·霓虹", "本地演示·油画", "本地演示·水墨", "本地演示·像素", "本地演示·动漫"]) {
      const request = { prompt: "樱花树下看书的橘猫", seed: 77, width: 256, height: 256, ...(checkpoint === undefined ? {} : { checkpoint }) }
      const [a, b] = [await renderArt(request), await renderArt(request)]
      expect(a.equals(b), checkpoint).toBe(true)
    }
  })

  it("draws the subject where it was placed: the cat's orange fills the middle of 猫 and not of 山", async () => {
    const orangeShare = async (prompt: string) => {
      const { data } = await sharp(await renderArt({ prompt, seed: 5, width: 256, height: 256 })).extract({ left: 96, top: 96, width: 64, height: 64 }).raw().toBuffer({ resolveWithObject: true })
      let orange = 0
      for (let i = 0; i < data.length; i += 3) if (data[i]! > 200 && data[i + 1]! > 120 && data[i + 1]! < 200 && data[i + 2]! < 120) orange++
      return orange / (data.length / 3)
    }
    expect(await orangeShare("一只猫, blue background")).toBeGreaterThan(0.2)
    expect(await orangeShare("山, blue background")).toBeLessThan(0.05)
  })
})
