import { useState } from "react"
import { Button } from "../ui/Button"
import { Dialog } from "../ui/Dialog"
import { Input } from "../ui/Input"

export type LinkCheck = { readonly ok: true; readonly href: string } | { readonly ok: false; readonly message: string }

type LinkDialogProps = {
  open: boolean
  /** The link under the cursor, to edit it. */
  initial: string
  /** Whether text is selected: without a selection the address itself is inserted as the link's text. */
  onClose: () => void
  /** The store's rule (AR3): an http(s) address, or the message shown under the field. */
  check: (text: string) => LinkCheck
  onSubmit: (href: string) => void
  onRemove?: (() => void) | undefined
}

/** 插入链接: one field for the address, checked before it reaches the article. */
export function LinkDialog({ open, initial, onClose, check, onSubmit, onRemove }: LinkDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="插入链接" width={440}>
      {open ? <LinkForm initial={initial} check={check} onSubmit={onSubmit} onClose={onClose} onRemove={onRemove} /> : null}
    </Dialog>
  )
}

function LinkForm({ initial, check, onSubmit, onClose, onRemove }: Omit<LinkDialogProps, "open">) {
  const [text, setText] = useState(initial)
  const [error, setError] = useState("")
  const submit = () => {
    const result = check(text)
    if (!result.ok) {
      setError(result.message)
      return
    }
    onSubmit(result.href)
  }
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <Input
        label="链接地址"
        autoFocus
        placeholder="https://"
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setError("")
        }}
        error={error === "" ? undefined : error}
      />
      <div className="flex justify-end gap-2">
        {onRemove !== undefined ? (
          <Button type="button" variant="ghost" className="mr-auto" onClick={onRemove}>
            移除链接
          </Button>
        ) : null}
        <Button type="button" variant="secondary" onClick={onClose}>
          取消
        </Button>
        <Button type="submit">确定</Button>
      </div>
    </form>
  )
}
