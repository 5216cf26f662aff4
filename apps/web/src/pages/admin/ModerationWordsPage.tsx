import { useAdminRootStore } from "@mido/react/admin"
import { observer } from "mobx-react-lite"
import { type FormEvent, useEffect, useState } from "react"
import { Button } from "../../components/ui/Button"
import { Input } from "../../components/ui/Input"
import { Spinner } from "../../components/ui/Spinner"
import { AdminPageHeader } from "./AdminList"

/**
 * 审核词库 (operator): the words every prompt, post, comment and nickname is checked against, after
 * folding full-width forms, case, spaces and symbols (the 匹配形式 column shows what is compared).
 */
export const ModerationWordsPage = observer(function ModerationWordsPage() {
  const { moderationWords: store } = useAdminRootStore()
  const [word, setWord] = useState("")
  useEffect(() => {
    void store.open()
  }, [store])
  const add = async (event: FormEvent) => {
    event.preventDefault()
    if (word.trim() === "") return
    if (await store.add(word.trim())) setWord("")
  }
  return (
    <section>
      <AdminPageHeader title="审核词库">
        <form className="flex items-center gap-2" onSubmit={(event) => void add(event)}>
          <Input aria-label="敏感词" placeholder="输入敏感词，回车添加" maxLength={50} value={word} onChange={(event) => setWord(event.target.value)} />
          <Button type="submit" disabled={store.busy || word.trim() === ""}>
            添加
          </Button>
        </form>
      </AdminPageHeader>
      <p className="mb-3 text-sm text-gray-500">用户的提示词、帖子、评论、昵称等在扣费或保存前与词库比对；全角、大小写、夹杂的空格和符号都会先归一。拒绝时用户只看到“内容包含不适宜的信息，请修改后重试”。</p>
      <div className="overflow-x-auto rounded-xl border border-line bg-surface">
        <table className="w-full table-fixed text-left text-sm">
          <thead className="bg-gray-50 text-gray-500">
            <tr>
              <th className="px-4 py-2 font-medium">敏感词</th>
              <th className="px-4 py-2 font-medium">匹配形式</th>
              <th className="w-48 px-4 py-2 font-medium">添加时间</th>
              <th className="w-24 px-4 py-2 font-medium">操作</th>
            </tr>
          </thead>
          <tbody>
            {store.words.map((entry) => (
              <tr key={entry.id} className="border-t border-line">
                <td className="break-all px-4 py-2">{entry.word}</td>
                <td className="break-all px-4 py-2 font-mono text-xs text-gray-600">{entry.form}</td>
                <td className="px-4 py-2 text-gray-600">{entry.created_at_str}</td>
                <td className="px-4 py-2">
                  <Button size="sm" variant="secondary" disabled={store.busy} onClick={() => void store.remove(entry.id)} aria-label={`删除 ${entry.word}`}>
                    删除
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="flex items-center justify-between px-4 py-3 text-sm text-gray-500">
          <span>{store.status === "ready" ? `共 ${store.words.length} 个词` : ""}</span>
          {store.status === "loading" ? <Spinner size={16} label="加载中" /> : null}
          {store.status === "error" ? (
            <Button size="sm" variant="secondary" onClick={() => void store.open()}>
              重试
            </Button>
          ) : null}
          {store.status === "ready" && store.words.length === 0 ? <span>词库为空</span> : null}
        </div>
      </div>
    </section>
  )
})
