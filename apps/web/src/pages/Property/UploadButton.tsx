import { usePropertyStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type ChangeEvent, useRef } from "react"
import { Button, type ButtonVariant } from "../../components/ui/Button"
import { Icon } from "../../components/ui/Icon"

/** 上传图片: picks images, which the store checks (type, 15 MB, count), uploads and records; progress on the button. */
export const UploadButton = observer(function UploadButton({ variant = "primary" }: { variant?: ButtonVariant }) {
  const property = usePropertyStore()
  const input = useRef<HTMLInputElement>(null)
  const progress = property.upload

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].map((file) => ({ name: file.name, type: file.type, size: file.size, blob: file }))
    // the same file may be picked again after a refusal
    event.target.value = ""
    void property.uploadFiles(files)
  }

  return (
    <>
      <input ref={input} type="file" multiple accept=".png,.jpg,.jpeg,image/png,image/jpeg" className="hidden" data-testid="property-upload-input" onChange={picked} />
      <Button variant={variant} icon={<Icon name="plus" size={18} />} loading={progress !== null} onClick={() => input.current?.click()}>
        {progress === null ? "上传图片" : `上传中 ${progress.current}/${progress.total} · ${progress.percent}%`}
      </Button>
    </>
  )
})
