import { renderArt, renderPreview } from "./src/adapters/engine/offline/offlineRender.js"
for (const ck of ["本地演示·油画", "本地演示·霓虹", undefined]) for (const prompt of ["梦幻的花朵", "星空下的城市夜景"]) {
  const art = { prompt, seed: 1, width: 1024, height: 1024, checkpoint: ck }
  let t0 = performance.now(); await renderArt(art); const a = performance.now() - t0
  t0 = performance.now(); await renderArt(art); const a2 = performance.now() - t0
  t0 = performance.now(); await renderPreview(art, 3); const p = performance.now() - t0
  console.log(ck, prompt, a.toFixed(0), a2.toFixed(0), "preview", p.toFixed(0))
}
