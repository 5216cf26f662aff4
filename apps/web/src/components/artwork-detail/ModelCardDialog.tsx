import type { ArtworkDetailStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Button } from "../ui/Button"
import { Dialog } from "../ui/Dialog"
import { Skeleton } from "../ui/Skeleton"
import { Tag } from "../ui/Tag"

const megabytes = (bytes: number) => (bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`)

/** The card a model chip opens (GET models/info) with 添加到我的模型 (POST sd/models/add, login required). */
export const ModelCardDialog = observer(function ModelCardDialog({ detail }: { detail: ArtworkDetailStore }) {
  const card = detail.model
  const info = card?.info ?? null
  return (
    <Dialog
      open={card !== null}
      onClose={detail.closeModel}
      width={480}
      title={card === null ? "" : <span className="flex items-center gap-2">{card.name}<Tag tone={card.type === "Checkpoint" ? "brand" : "bean"}>{card.type}</Tag></span>}
      footer={
        info !== null ? (
          <>
            <Button variant="secondary" onClick={detail.closeModel}>关闭</Button>
            <Button onClick={() => void detail.addModel()} loading={card?.adding} disabled={info.is_added} data-testid="add-model">
              {info.is_added ? "已在我的模型" : "添加到我的模型"}
            </Button>
          </>
        ) : undefined
      }
    >
      {card?.status === "loading" ? <Skeleton shape="text" lines={4} /> : null}
      {card?.status === "failed" ? <p className="text-gray-500">模型信息加载失败，请稍后重试</p> : null}
      {info !== null ? (
        <div className="flex gap-4" data-testid="model-card">
          <img src={info.cover} alt={info.name} className="size-28 shrink-0 rounded-lg object-cover ring-1 ring-line" />
          <div className="min-w-0 space-y-2 text-sm">
            <p className="text-gray-500">基础模型 <span className="text-gray-900">{info.base_model}</span><span className="mx-2 text-gray-300">·</span>使用 <span className="text-gray-900">{detail.countText(info.use_count)}</span> 次</p>
            <p className="whitespace-pre-line text-gray-700">{info.description}</p>
            {info.files[0] ? <p className="truncate text-xs text-gray-500" title={info.files[0].name}>{info.files[0].name} · {megabytes(info.files[0].size)}</p> : null}
            {info.tags.length > 0 ? <div className="flex flex-wrap gap-1.5">{info.tags.map((tag) => <Tag key={tag}>{tag}</Tag>)}</div> : null}
          </div>
        </div>
      ) : null}
    </Dialog>
  )
})
