import type { ProfileEditor } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Avatar } from "../../components/ui/Avatar"
import { Button } from "../../components/ui/Button"
import { Dialog } from "../../components/ui/Dialog"
import { Input } from "../../components/ui/Input"

/** 编辑资料: nickname and avatar (uploaded first, with its progress). */
export const EditProfileDialog = observer(function EditProfileDialog({ editor }: { editor: ProfileEditor }) {
  return (
    <Dialog
      open={editor.isOpen}
      onClose={editor.close}
      title="编辑资料"
      width={460}
      footer={
        <>
          <Button variant="secondary" onClick={editor.close}>取消</Button>
          <Button disabled={editor.saving || editor.uploading} onClick={() => void editor.save()}>保存</Button>
        </>
      }
    >
      <div className="flex items-center gap-4">
        <Avatar src={editor.avatar} name={editor.nickname} size={72} />
        <div>
          <label className="inline-flex cursor-pointer items-center rounded-md border border-gray-300 px-3 py-1.5 text-sm text-gray-700 hover:bg-gray-50">
            {editor.uploading ? `上传中 ${editor.progress ?? 0}%` : "更换头像"}
            <input
              type="file"
              accept="image/png,image/jpeg"
              className="sr-only"
              data-testid="avatar-input"
              disabled={editor.uploading}
              onChange={(event) => {
                const file = event.target.files?.[0]
                event.target.value = ""
                if (file !== undefined) void editor.chooseAvatar({ name: file.name, type: file.type, size: file.size, blob: file })
              }}
            />
          </label>
          <p className="mt-1.5 text-xs text-gray-500">支持 png、jpg、jpeg，不超过 15 MB</p>
        </div>
      </div>
      <Input className="mt-5" label="昵称" value={editor.nickname} maxLength={20} onChange={(event) => editor.setNickname(event.target.value)} fieldClassName="mt-5" />
    </Dialog>
  )
})
