import type { LibraryArtwork, PersonalStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useState } from "react"
import { Link } from "react-router-dom"
import { Button } from "../../components/ui/Button"
import { Dialog } from "../../components/ui/Dialog"
import { Input } from "../../components/ui/Input"
import { Tag } from "../../components/ui/Tag"
import { ArtworkTile, GRID } from "./ArtworkTile"
import { MoveToGroupDialog } from "./MoveToGroupDialog"
import { PagedGrid } from "./PagedGrid"

const STATUS: Record<LibraryArtwork["audit_status"], { text: string; tone: "gray" | "brand" | "success" | "danger" }> = {
  draft: { text: "未发布", tone: "gray" },
  pending: { text: "审核中", tone: "brand" },
  approved: { text: "已发布", tone: "success" },
  rejected: { text: "未通过", tone: "danger" }
}

/** 作品: the owner sees every own work with its state and publish / unpublish / 移入作品集; others see public works. */
export const WorksTab = observer(function WorksTab({ store }: { store: PersonalStore }) {
  const [publishing, setPublishing] = useState<LibraryArtwork | null>(null)
  const [moving, setMoving] = useState<LibraryArtwork | null>(null)
  const [title, setTitle] = useState("")
  const [aiGenerated, setAiGenerated] = useState(false)
  if (!store.isSelf) {
    return (
      <PagedGrid
        list={store.publicWorks}
        keyOf={(work) => work.id}
        className={GRID}
        renderItem={(work) => <ArtworkTile work={work} />}
        empty={{ title: "TA 还没有公开的作品", description: "去灵感广场看看其他创作者吧", action: <Link className="text-brand-700" to="/list">去灵感广场</Link> }}
      />
    )
  }
  return (
    <>
      <PagedGrid
        list={store.ownWorks}
        keyOf={(work) => work.id}
        className={GRID}
        renderItem={(work) => {
          const status = STATUS[store.auditStatusOf(work)]
          const published = store.auditStatusOf(work) === "approved" || store.auditStatusOf(work) === "pending"
          return (
            <ArtworkTile
              work={work}
              badge={<Tag tone={status.tone} size="xs">{status.text}</Tag>}
              actions={
                <>
                  <Button size="sm" variant="secondary" onClick={() => setMoving(work)}>移入作品集</Button>
                  {published ? (
                    <Button size="sm" variant="secondary" onClick={() => void store.unpublish(work)}>取消发布</Button>
                  ) : (
                    <Button size="sm" onClick={() => { setTitle(work.title ?? ""); setAiGenerated(false); setPublishing(work) }}>发布</Button>
                  )}
                </>
              }
            />
          )
        }}
        empty={{ title: "还没有作品", description: "去 AI 创作画一张，完成后会出现在这里", action: <Link className="text-brand-700" to="/aigc">去创作</Link> }}
      />
      <Dialog
        open={publishing !== null}
        onClose={() => setPublishing(null)}
        title="发布作品"
        width={420}
        footer={
          <>
            <Button variant="secondary" onClick={() => setPublishing(null)}>取消</Button>
            <Button onClick={() => void (publishing !== null && store.publish(publishing, title, aiGenerated).then((done) => done && setPublishing(null)))}>提交审核</Button>
          </>
        }
      >
        <Input label="作品标题" value={title} maxLength={50} onChange={(event) => setTitle(event.target.value)} hint="审核通过后，作品将公开展示在个人主页和灵感广场" />
        {publishing !== null && publishing.aigc_label === undefined ? (
          // AL9: an upload without an AIGC label: its author says whether it is AI-made (then 疑似AI生成)
          <label className="mt-3 flex items-center gap-2 text-sm text-gray-700">
            <input type="checkbox" data-testid="publish-ai-generated" checked={aiGenerated} onChange={(event) => setAiGenerated(event.target.checked)} className="size-4 accent-brand-600" />
            本作品由AI生成
          </label>
        ) : null}
      </Dialog>
      <MoveToGroupDialog store={store} work={moving} onClose={() => setMoving(null)} />
    </>
  )
})
