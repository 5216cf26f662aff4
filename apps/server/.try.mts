import { renderArt } from "./src/adapters/engine/offline/offlineRender.js"
import { writeFileSync } from "node:fs"
const prompts = ["红色的夕阳下的山峰", "蓝色的海洋与浪花", "星空下的城市夜景", "梦幻的花朵", "a portrait of a girl in golden light", "cyberpunk street", "森林里的小屋", "抽象"]
const ckpts = [undefined, "本地演示·水彩", "本地演示·霓虹", "本地演示·油画"]
for (const [i, prompt] of prompts.entries()) {
  for (const size of [512, 1024]) {
    const t0 = performance.now()
    const png = await renderArt({ prompt, seed: 42, width: size, height: size, checkpoint: ckpts[i % 4] })
    const ms = performance.now() - t0
    console.log(size, prompt, ckpts[i % 4], ms.toFixed(0), "ms", png.length)
    writeFileSync(`/tmp/offl/p${i}_${size}.png`, png)
  }
}
