import { type AdminEngineCheck, useAdminRootStore } from "@mido/react/admin"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { Button } from "../../components/ui/Button"
import { AdminPageHeader } from "./AdminList"

const TASK_NAMES: Readonly<Record<string, string>> = { quick: "快速绘画", quick_mj: "MJ 绘画", sd: "专业绘画", agent: "智能绘画", tool: "AI 工具" }

const Names = ({ label, names }: { readonly label: string; readonly names: ReadonlyArray<string> }) => (
  <div className="py-1 text-sm">
    <span className="text-gray-500">{label}（{names.length}）：</span>
    <span className="break-words text-gray-800">{names.length === 0 ? "—" : names.join("、")}</span>
  </div>
)

const EngineCard = ({ engine }: { readonly engine: AdminEngineCheck }) => {
  const fine = engine.problems.length === 0
  const mj = engine.kind === "mj-proxy"
  return (
    <article className="rounded-xl border border-line bg-surface p-4" aria-label={engine.label}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">
          {engine.label} <span className="text-sm font-normal text-gray-500">{engine.kind}</span>
        </h2>
        <span className={`text-sm ${fine ? "text-success-600" : "text-danger-600"}`}>{fine ? "正常" : engine.answers ? "需要处理" : "没有应答"}</span>
      </div>
      <p className="mt-1 text-sm text-gray-600">
        负责：{engine.tasks.length === 0 ? "（未分配任务类型）" : engine.tasks.map((task) => TASK_NAMES[task] ?? task).join("、")} · 排队 {engine.queued} · 生成中 {engine.running}
      </p>
      {engine.problems.map((problem) => <p key={problem.zh} className="mt-2 rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-700">{problem.zh}</p>)}
      {engine.notes.map((note) => <p key={note.zh} className="mt-2 text-xs text-gray-500">{note.zh}</p>)}
      {engine.catalog === null ? null : (
        <div className="mt-2">
          <Names label={mj ? "MJ 版本" : "模型"} names={engine.catalog.checkpoints} />
          {mj ? null : (
            <>
              <Names label="LoRA" names={engine.catalog.loras} />
              <Names label="采样方法" names={engine.catalog.samplers} />
              <Names label="调度类型" names={engine.catalog.schedulers} />
              <Names label="放大算法" names={engine.catalog.upscalers} />
            </>
          )}
        </div>
      )}
    </article>
  )
}

/** 引擎: each engine's health, catalogue and queue — the same check as npm run engines. */
export const EnginesPage = observer(function EnginesPage() {
  const { engines } = useAdminRootStore()
  useEffect(() => {
    void engines.check()
  }, [engines])
  const report = engines.report
  return (
    <section>
      <AdminPageHeader title="引擎">
        {report === null ? null : <span className={`text-sm ${report.ok ? "text-success-600" : "text-danger-600"}`}>{report.ok ? "全部引擎正常" : "有引擎需要处理"}</span>}
        <Button variant="secondary" disabled={engines.checking} onClick={() => void engines.check()}>
          {engines.checking ? "检查中…" : "重新检查"}
        </Button>
      </AdminPageHeader>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        {(report?.engines ?? []).map((engine) => <EngineCard key={`${engine.kind}-${engine.label}`} engine={engine} />)}
      </div>
    </section>
  )
})
