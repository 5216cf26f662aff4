import type { WebuiStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useRef, useState } from "react"
import { Button } from "../../components/ui/Button"
import { Icon } from "../../components/ui/Icon"

/**
 * 粘贴生成参数: any A1111 infotext (PNG Info, a same-style text) read into the form, as WebUI's
 * "read generation parameters" button does; the labels no field takes are shown as chips (WP6).
 * 从图片读取 picks a picture whose settings fill the form (PI); dropping or pasting one anywhere on
 * the page, this box included, does the same (PictureDrop).
 */
export const PasteParams = observer(function PasteParams({ webui }: { webui: WebuiStore }) {
  const { form } = webui
  const [open, setOpen] = useState(false)
  const picker = useRef<HTMLInputElement>(null)
  const apply = () => {
    if (form.applyPaste()) setOpen(false)
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-600"
          data-testid="webui-paste-toggle"
        >
          <Icon name="layers" />
          粘贴生成参数
          <Icon name="chevron-down" className={open ? "rotate-180 transition" : "transition"} />
        </button>
        <span className="flex items-center gap-2 text-xs text-gray-400">
          <span className="hidden sm:inline">支持 PNG Info 文本，或拖入、粘贴图片</span>
          <button type="button" onClick={() => picker.current?.click()} className="font-medium text-brand-700 hover:text-brand-600" data-testid="webui-picture-pick">
            从图片读取
          </button>
          <input
            ref={picker}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-label="从图片读取生成参数"
            className="hidden"
            data-testid="webui-picture-input"
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ""
              if (file !== undefined) void webui.readPicture(file)
            }}
          />
        </span>
      </div>
      {open ? (
        <div className="flex flex-col gap-2 rounded-lg bg-surface p-3 ring-1 ring-line">
          <textarea
            rows={5}
            aria-label="粘贴生成参数"
            data-testid="webui-paste"
            value={form.pasteText}
            onChange={(event) => form.setPasteText(event.target.value)}
            placeholder={"粘贴参数文本，或把图片拖到这里\nmasterpiece, 1girl, <lora:hanfu_girl_v2:0.8>\nNegative prompt: lowres, bad anatomy\nSteps: 28, Sampler: DPM++ 2M, Schedule type: Karras, CFG scale: 7, Seed: 12345, Size: 512x768"}
            className="w-full resize-y rounded-md bg-surface px-3 py-2 font-mono text-xs leading-5 ring-1 ring-line-strong ring-inset placeholder:text-gray-400 focus:ring-2 focus:ring-brand-500 focus:outline-none"
          />
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>取消</Button>
            <Button size="sm" disabled={form.pasteText.trim() === ""} onClick={apply} data-testid="webui-paste-apply">读取参数</Button>
          </div>
        </div>
      ) : null}
      {form.unrecognised.length === 0 ? null : (
        <div className="flex flex-col gap-1.5 rounded-lg bg-gray-50 p-3 ring-1 ring-line" data-testid="webui-unrecognised">
          <div className="flex items-center justify-between">
            <span className="text-xs font-medium text-gray-700">未识别的参数（不会发送给引擎）</span>
            <button type="button" className="text-xs text-gray-400 hover:text-gray-600" onClick={form.dismissUnrecognised}>清除</button>
          </div>
          <ul className="flex flex-wrap gap-1.5">
            {form.unrecognised.map((param) => (
              <li key={param.key} className="max-w-full truncate rounded-sm bg-surface px-2 py-0.5 text-xs text-gray-700 ring-1 ring-line-strong ring-inset" title={`${param.key}: ${param.value}`}>
                <span className="text-gray-500">{param.key}:</span> {param.value}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
})
