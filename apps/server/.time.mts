import { makeOfflineEngine } from "./src/adapters/engine/offline/offlineEngine.js"
import { writeFileSync } from "node:fs"
const engine = makeOfflineEngine()
const prompts: Array<[string, string | undefined]> = [["红色的夕阳下的山峰", undefined], ["蓝色的海洋与浪花", "本地演示·水彩"], ["星空下的城市夜景", "本地演示·霓虹"], ["梦幻的花朵", "本地演示·油画"], ["a portrait of a girl in golden light", undefined], ["一只猫坐在窗台上", undefined]]
const run = { signal: new AbortController().signal, onProgress: () => {} }
for (const size of [512, 1024]) {
  const all: number[] = []
  for (const [i, [prompt, checkpoint]] of prompts.entries()) {
    const times: number[] = []
    for (let r = 0; r < 3; r++) {
      const t0 = performance.now()
      const res = await engine.txt2img({ prompt, checkpoint, negativePrompt: "", loras: [], steps: 20, cfgScale: 7, width: size, height: size, seed: 42 + r, count: 1 }, run)
      times.push(performance.now() - t0)
      if (r === 0) writeFileSync(`/tmp/offl/t${i}_${size}.png`, res.images[0]!.bytes)
    }
    times.sort((a, b) => a - b); all.push(...times)
    console.log(size, prompt, checkpoint ?? "通用", "median", times[1]!.toFixed(0), "ms (with 3 previews)")
  }
  all.sort((a, b) => a - b)
  console.log(size, "overall median", all[Math.floor(all.length / 2)]!.toFixed(0), "max", all.at(-1)!.toFixed(0), "renders/s", (1000 / (all.reduce((a, b) => a + b) / all.length)).toFixed(1))
}
