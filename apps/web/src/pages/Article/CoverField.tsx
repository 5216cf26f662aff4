import type { ArticleEditorStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useRef } from "react"
import { Icon } from "../../components/ui/Icon"
import { Spinner } from "../../components/ui/Spinner"
import { uploadFileOf } from "./uploadFileOf"

/** 封面: uploaded at once (§5 checks first), shown 16:9, replaced or removed. */
export const CoverField = observer(function CoverField({ editor }: { editor: ArticleEditorStore }) {
  const input = useRef<HTMLInputElement>(null)
  const cover = editor.fields.cover
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-gray-700">封面</span>
      <div className="relative aspect-[16/9] w-full overflow-hidden rounded-lg bg-gray-50 ring-1 ring-line-strong ring-inset">
        {cover !== "" ? (
          <>
            <img src={cover} alt="文章封面" className="h-full w-full object-cover" />
            <div className="absolute right-2 bottom-2 flex gap-2">
              <button type="button" className="rounded-md bg-black/60 px-3 py-1 text-xs text-white hover:bg-black/75" onClick={() => input.current?.click()}>更换</button>
              <button type="button" className="rounded-md bg-black/60 px-3 py-1 text-xs text-white hover:bg-black/75" onClick={() => editor.removeCover()}>移除</button>
            </div>
          </>
        ) : (
          <button
            type="button"
            disabled={editor.coverUploading}
            onClick={() => input.current?.click()}
            className="flex h-full w-full flex-col items-center justify-center gap-2 text-sm text-gray-500 hover:bg-brand-50/60 hover:text-brand-700"
          >
            {editor.coverUploading ? <Spinner size={20} /> : <Icon name="image" size={28} />}
            <span>{editor.coverUploading ? "上传中…" : "上传封面"}</span>
            <span className="text-xs text-gray-400">png、jpg，不超过 15 MB</span>
          </button>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        className="hidden"
        aria-label="上传封面"
        data-testid="cover-input"
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ""
          if (file !== undefined) void editor.uploadCover(uploadFileOf(file))
        }}
      />
    </div>
  )
})
