import type { TaskImage } from "@mido/react"
import { useState } from "react"
import { Button } from "../ui/Button"
import { Dialog } from "../ui/Dialog"
import { Input } from "../ui/Input"

/** 发布作品: a title, then the audit submit (as /personal's works do); closes when the server took it. */
export function PublishDialog({ image, onClose, onPublish }: {
  image: TaskImage | null
  onClose: () => void
  onPublish: (image: TaskImage, title: string) => Promise<boolean>
}) {
  const [title, setTitle] = useState("")
  const [sending, setSending] = useState(false)
  const send = async () => {
    if (image === null) return
    setSending(true)
    const done = await onPublish(image, title.trim())
    setSending(false)
    if (done) {
      setTitle("")
      onClose()
    }
  }
  return (
    <Dialog
      open={image !== null}
      onClose={onClose}
      title="发布作品"
      width={420}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>取消</Button>
          <Button loading={sending} onClick={() => void send()}>提交审核</Button>
        </>
      }
    >
      {image !== null && <img src={image.url} alt="待发布作品" className="mb-3 max-h-48 rounded-md" />}
      <Input label="作品标题" value={title} maxLength={50} onChange={(event) => setTitle(event.target.value)} hint="审核通过后，作品将公开展示在个人主页和灵感广场" />
    </Dialog>
  )
}
