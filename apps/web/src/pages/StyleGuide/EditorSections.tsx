import { useEffect, useState } from "react"
import { CompareSlider } from "../../components/tools/editor/CompareSlider"
import { MaskEditor } from "../../components/tools/editor/MaskEditor"
import { Tabs } from "../../components/ui/Tabs"
import { Section } from "./Section"

const W = 960
const H = 640

/** A landscape with a subject and a stamped watermark, drawn here so the style guide needs no asset. */
function drawScene(ctx: CanvasRenderingContext2D, subjectOnly: boolean) {
  if (!subjectOnly) {
    const sky = ctx.createLinearGradient(0, 0, 0, H)
    sky.addColorStop(0, "#a5b4fc")
    sky.addColorStop(1, "#fde68a")
    ctx.fillStyle = sky
    ctx.fillRect(0, 0, W, H)
    ctx.fillStyle = "#fbbf24"
    ctx.beginPath()
    ctx.arc(760, 150, 70, 0, Math.PI * 2)
    ctx.fill()
    ctx.fillStyle = "#4d7c0f"
    ctx.beginPath()
    ctx.moveTo(0, 520)
    ctx.quadraticCurveTo(260, 380, 520, 500)
    ctx.quadraticCurveTo(760, 600, W, 470)
    ctx.lineTo(W, H)
    ctx.lineTo(0, H)
    ctx.fill()
  }
  ctx.fillStyle = "#7c3aed"
  ctx.beginPath()
  ctx.ellipse(480, 400, 110, 150, 0, 0, Math.PI * 2)
  ctx.fill()
  ctx.fillStyle = "#f5f3ff"
  ctx.beginPath()
  ctx.arc(440, 350, 22, 0, Math.PI * 2)
  ctx.arc(520, 350, 22, 0, Math.PI * 2)
  ctx.fill()
  if (!subjectOnly) {
    ctx.font = "bold 44px sans-serif"
    ctx.fillStyle = "rgba(255,255,255,0.85)"
    ctx.fillText("米豆AI 水印", 600, 600)
  }
}

function useScene(subjectOnly: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const canvas = document.createElement("canvas")
    canvas.width = W
    canvas.height = H
    const ctx = canvas.getContext("2d")
    if (!ctx) return
    drawScene(ctx, subjectOnly)
    setUrl(canvas.toDataURL("image/png"))
  }, [subjectOnly])
  return url
}

function EditorDemo({ src, mode }: { src: string; mode: "mask" | "hints" }) {
  const [mask, setMask] = useState<{ url: string; bytes: number } | null>(null)
  useEffect(() => () => (mask ? URL.revokeObjectURL(mask.url) : undefined), [mask])
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_220px]">
      <MaskEditor
        src={src}
        alt="示例图片"
        mode={mode}
        height={420}
        onChange={(blob) => setMask(blob ? { url: URL.createObjectURL(blob), bytes: blob.size } : null)}
      />
      <figure className="flex flex-col gap-2 text-sm text-gray-500">
        <figcaption>导出的{mode === "mask" ? "蒙版" : "提示蒙版"}（{W}×{H} PNG）</figcaption>
        {mask ? (
          <>
            <img src={mask.url} alt="导出的蒙版" className="w-full rounded-md ring-1 ring-line" />
            <span data-testid="mask-bytes">{mask.bytes} 字节</span>
          </>
        ) : (
          <div className="grid aspect-[3/2] place-items-center rounded-md bg-gray-100">未绘制（null）</div>
        )}
        <span>{mode === "mask" ? "白 = 涂抹，黑 = 未涂抹" : "白 = 保留，黑 = 去除，灰 = 未标记"}</span>
      </figure>
    </div>
  )
}

export function EditorSection() {
  const scene = useScene(false)
  const cutout = useScene(true)
  return (
    <Section
      id="editor"
      title="蒙版编辑器 MaskEditor · 对比滑块 CompareSlider"
      note="工具箱页面使用：画笔 / 橡皮擦、撤销重做（Ctrl+Z / Ctrl+Shift+Z）、清空、缩放（按钮或 Ctrl+滚轮）与移动；蒙版按原图尺寸导出。"
    >
      {scene ? (
        <Tabs
          variant="pill"
          items={[
            { key: "mask", label: "涂抹蒙版", content: <EditorDemo src={scene} mode="mask" /> },
            { key: "hints", label: "保留 / 去除", content: <EditorDemo src={scene} mode="hints" /> }
          ]}
        />
      ) : null}
      {scene && cutout ? (
        <div className="max-w-3xl">
          <CompareSlider before={scene} after={cutout} alt="示例" />
        </div>
      ) : null}
    </Section>
  )
}
