import type { ProfileEditor } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Avatar } from "../../components/ui/Avatar"
import { Button } from "../../components/ui/Button"
import { Dialog } from "../../components/ui/Dialog"
import { Input } from "../../components/ui/Input"

/** 编辑资料: nickname, avatar (uploaded first, with its progress) and 个人简介 with its counter and rule (PB1–PB2). */
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
          <Button disabled={editor.saving || editor.uploading || editor.bioError !== ""} onClick={() => void editor.save()}>保存</Button>
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
      <Input label="昵称" value={editor.nickname} maxLength={20} onChange={(event) => editor.setNickname(event.target.value)} fieldClassName="mt-5" />
      <div className="mt-4 flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between">
          <label htmlFor="profile-bio" className="text-sm font-medium text-gray-700">个人简介</label>
          <span className={editor.bioError === "" ? "text-xs text-gray-400 tabular-nums" : "text-xs text-danger-600 tabular-nums"} data-testid="bio-counter">
            {editor.bioCounter}
          </span>
        </div>
        <textarea
          id="profile-bio"
          value={editor.bio}
          rows={3}
          placeholder="介绍一下自己吧，例如：喜欢用 AI 画国风山水"
          aria-invalid={editor.bioError !== "" || undefined}
          aria-describedby="profile-bio-hint"
          onChange={(event) => editor.setBio(event.target.value)}
          onBlur={() => editor.setBio(editor.normalizedBio)}
          className="w-full resize-none rounded-md bg-surface px-3 py-2 text-sm leading-6 text-gray-900 ring-1 ring-line-strong outline-none ring-inset placeholder:text-gray-400 focus:ring-2 focus:ring-brand-500 aria-invalid:ring-danger-500"
        />
        <p id="profile-bio-hint" className={editor.bioError === "" ? "text-xs text-gray-500" : "text-xs text-danger-600"} role={editor.bioError === "" ? undefined : "alert"}>
          {editor.bioError === "" ? "所有人都能在你的主页看到，最多 100 字、3 行" : editor.bioError}
        </p>
      </div>
    </Dialog>
  )
})
