import type { CircleFormStore, CircleImageField } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type ChangeEvent, useRef } from "react"
import { Button } from "../../components/ui/Button"
import { Icon } from "../../components/ui/Icon"

type Props = { store: CircleFormStore; field: CircleImageField; label: string; hint: string; className: string }

/** 上传封面 / 上传头像: one image through the core's upload flow; progress, and spec §5's message under it. */
export const ImageField = observer(function ImageField({ store, field, label, hint, className }: Props) {
  const input = useRef<HTMLInputElement>(null)
  const value = store.values[field]
  const uploading = store.uploading?.field === field ? store.uploading : null
  const error = store.imageErrors[field]
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // the same file may be picked again after a refusal
    event.target.value = ""
    if (file !== undefined) void store.upload(field, { name: file.name, type: file.type, size: file.size, blob: file })
  }
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-gray-700">{label}</span>
      <div className="flex items-end gap-4">
        <button type="button" onClick={() => input.current?.click()} aria-label={label}
          className={`relative flex shrink-0 items-center justify-center overflow-hidden rounded-xl border border-dashed border-line-strong bg-gray-50 text-gray-400 hover:border-brand-400 ${className}`}>
          {value !== "" ? <img src={value} alt="" className="h-full w-full object-cover" data-testid={`circle-${field}-preview`} /> : <Icon name="image" size={28} />}
          {uploading !== null && <span className="absolute inset-0 flex items-center justify-center bg-black/50 text-sm text-white">{uploading.percent}%</span>}
        </button>
        <div className="flex flex-col gap-1.5">
          <Button type="button" size="sm" variant="secondary" loading={uploading !== null} onClick={() => input.current?.click()}>{value === "" ? "上传图片" : "更换图片"}</Button>
          <span className="text-xs text-gray-400">{hint}</span>
        </div>
      </div>
      <input ref={input} type="file" accept=".png,.jpg,.jpeg,image/png,image/jpeg" className="hidden" data-testid={`circle-${field}-input`} onChange={picked} />
      {error !== undefined && <p className="text-sm text-danger-600" role="alert">{error}</p>}
    </div>
  )
})
