import { type AigcStore, type PictureTarget } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type ChangeEvent, useRef } from "react"
import { Icon } from "../../components/ui/Icon"
import { Spinner } from "../../components/ui/Spinner"

/**
 * Pictures of one target (the base image, or an MJ reference slot): thumbnails with 移除, then a tile
 * to 上传 (the core's upload rules, then storage) or pick 从资产库选择 while there is room.
 */
export const PictureSlot = observer(function PictureSlot({ store, target, pictures, limit }: {
  store: AigcStore
  target: PictureTarget
  pictures: ReadonlyArray<string>
  limit: number
}) {
  const input = useRef<HTMLInputElement>(null)
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ""
    if (file !== undefined) void store.upload(target, { name: file.name, type: file.type, size: file.size, blob: file })
  }
  const uploading = store.uploading === target
  const large = target === "base"
  return (
    <div className="flex flex-wrap gap-2" data-testid={`slot-${target}`}>
      {pictures.map((url) => (
        <div key={url} className={large ? "relative h-40 w-full overflow-hidden rounded-md bg-gray-100" : "relative size-20 overflow-hidden rounded-md bg-gray-100"}>
          <img src={url} alt="参考图" className="size-full object-contain" data-testid="slot-picture" />
          <button type="button" aria-label="移除图片" onClick={() => store.remove(target, url)} className="absolute top-1 right-1 rounded-full bg-black/60 p-1 text-white hover:bg-black/80">
            <Icon name="close" size={12} />
          </button>
        </div>
      ))}
      {pictures.length < limit && (
        <div className={large ? "flex h-40 w-full gap-2" : "flex gap-2"}>
          <input ref={input} type="file" accept=".png,.jpg,.jpeg,image/png,image/jpeg" className="hidden" data-testid={`upload-${target}`} onChange={picked} />
          <button
            type="button"
            disabled={store.uploading !== null}
            onClick={() => input.current?.click()}
            className={`flex flex-col items-center justify-center gap-1 rounded-md border border-dashed border-line-strong bg-gray-50 text-xs text-gray-600 hover:border-brand-400 hover:text-brand-700 disabled:opacity-60 ${large ? "flex-1" : "size-20"}`}
          >
            {uploading ? <Spinner size={18} /> : <Icon name="plus" size={large ? 22 : 16} />}
            {uploading ? "上传中" : large ? "上传底图（PNG/JPG，15MB 内）" : "上传"}
          </button>
          <button
            type="button"
            onClick={() => store.openPicker(target)}
            className={`flex flex-col items-center justify-center gap-1 rounded-md border border-dashed border-line-strong bg-gray-50 text-xs text-gray-600 hover:border-brand-400 hover:text-brand-700 ${large ? "w-28" : "size-20"}`}
          >
            <Icon name="folder" size={large ? 22 : 16} />
            {large ? "从资产库选择" : "资产库"}
          </button>
        </div>
      )}
    </div>
  )
})
