import { NOT_OWNER_TEXT, useCircleFormStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type FormEvent, useEffect } from "react"
import { useNavigate, useSearchParams } from "react-router-dom"
import { Button } from "../../components/ui/Button"
import { EmptyState } from "../../components/ui/EmptyState"
import { Input } from "../../components/ui/Input"
import { Spinner } from "../../components/ui/Spinner"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { ImageField } from "./ImageField"

const FormView = observer(function FormView({ id }: { id: number | null }) {
  const store = useCircleFormStore()
  const navigate = useNavigate()
  useEffect(() => {
    void store.open(id)
  }, [store, id])

  if (store.status === "loading" || store.id !== id) return <div className="flex justify-center py-24"><Spinner label="加载中" /></div>
  if (store.status === "missing") return <EmptyState className="py-24" title="圈子不存在或已解散" action={<Button variant="secondary" onClick={() => navigate("/community/circle")}>去发现圈子</Button>} />
  if (store.status === "forbidden") {
    return <EmptyState className="py-24" icon="users" title={NOT_OWNER_TEXT} description="你可以加入这个圈子，或者创建自己的圈子"
      action={<div className="flex gap-2"><Button variant="secondary" onClick={() => navigate(`/community/circle-detail?id=${id}`)}>返回圈子</Button><Button onClick={() => navigate("/community/circle-form")}>创建圈子</Button></div>} />
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const saved = await store.save()
    if (saved !== null) navigate(`/community/circle-detail?id=${saved.id}`)
  }
  const { values } = store
  return (
    <div className="mx-auto max-w-3xl px-6 py-8">
      <h1 className="text-xl font-semibold text-gray-900">{store.isEdit ? "编辑圈子" : "创建圈子"}</h1>
      <p className="mt-1 text-sm text-gray-500">{store.isEdit ? "修改圈子的名称、封面和简介" : "创建一个圈子，和同好一起创作；你将成为圈主"}</p>
      <form onSubmit={(event) => void submit(event)} className="mt-6 flex flex-col gap-6 rounded-2xl bg-surface p-6 shadow-sm ring-1 ring-line" noValidate>
        <ImageField store={store} field="cover" label="圈子封面" hint="建议 1600×320，png / jpg，不超过 15 MB" className="aspect-[5/1] w-full max-w-md" />
        <ImageField store={store} field="avatar" label="圈子头像" hint="不上传时使用封面" className="h-20 w-20" />
        <Input label="圈子名称" value={values.name} placeholder="最多 20 个字" onChange={(event) => store.setName(event.target.value)}
          suffix={<span className="text-xs text-gray-400">{values.name.trim().length}/20</span>} />
        <label className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-gray-700">圈子简介</span>
          <textarea value={values.description} rows={4} placeholder="介绍一下这个圈子：主题、规则、作业安排（最多 200 个字）"
            onChange={(event) => store.setDescription(event.target.value)}
            className="w-full resize-none rounded-md bg-surface px-3 py-2 text-sm ring-1 ring-inset ring-line-strong outline-none focus:ring-2 focus:ring-brand-500" />
          <span className="self-end text-xs text-gray-400">{values.description.trim().length}/200</span>
        </label>
        {store.problem !== "" && <p className="rounded-md bg-danger-50 px-3 py-2 text-sm text-danger-600" role="alert" data-testid="circle-form-problem">{store.problem}</p>}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={() => navigate(-1)}>取消</Button>
          <Button type="submit" loading={store.saving} disabled={store.uploading !== null}>{store.isEdit ? "保存" : "创建圈子"}</Button>
        </div>
      </form>
    </div>
  )
})

/** /community/circle-form (login required): create a circle, or edit one with ?id= (owner only). */
export function CircleFormPage() {
  const [search] = useSearchParams()
  const raw = search.get("id")
  const id = raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null
  if (raw !== null && id === null) return <EmptyState className="py-24" title="圈子不存在或已解散" />
  return <StoreSuspense><FormView id={id} /></StoreSuspense>
}
