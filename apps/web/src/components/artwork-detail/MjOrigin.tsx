import { useGenerationStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Suspense, useEffect, useState } from "react"
import { MjActionBar } from "../generation/MjActionBar"
import { DetailSection } from "./DetailSection"

type MjParameters = {
  task_id?: string | undefined
  candidate?: number | undefined
  mj_action?: { action: "upscale" | "variation" | "reroll"; index: number; from_artwork_id?: number | undefined } | undefined
}

const ACTION_TEXT = { upscale: "放大", variation: "变体", reroll: "重新生成" } as const

/** "由作品 #12 的 U2 放大而来" */
const originText = (action: NonNullable<MjParameters["mj_action"]>): string => {
  const what = action.action === "reroll" ? "重新生成" : `${action.action === "upscale" ? "U" : "V"}${action.index} ${ACTION_TEXT[action.action]}`
  return action.from_artwork_id === undefined ? `由四宫格${what}而来` : `由作品 #${action.from_artwork_id} 的${what}而来`
}

const OwnerActions = observer(function OwnerActions({ taskId, candidate }: { taskId: string; candidate: number }) {
  const generation = useGenerationStore()
  const [sent, setSent] = useState(false)
  useEffect(() => {
    void generation.loadTask(taskId)
  }, [generation, taskId])
  const grid = generation.taskById(taskId)
  const offer = grid === undefined ? null : generation.mjActionsOf(grid)
  if (offer === null) return null
  return (
    <>
      <MjActionBar gridId={taskId} offer={offer} indexes={[candidate]} onSubmitted={() => setSent(true)} />
      {sent && <p className="mt-2 text-xs text-gray-600" data-testid="mj-action-sent">已提交，结果会出现在 AI 绘画（MJ 模型）的生成记录中</p>}
    </>
  )
})

/**
 * An MJ artwork's place among MJ actions (ADR 0020): where it came from (U2 放大 of which artwork),
 * and, for its owner, U / V / 重新生成 on the candidate it is.
 */
export function MjOrigin({ parameters, owner }: { parameters: MjParameters; owner: boolean }) {
  const action = parameters.mj_action
  const canAct = owner && parameters.task_id !== undefined && parameters.candidate !== undefined && action?.action !== "upscale"
  if (action === undefined && !canAct) return null
  return (
    <DetailSection title="Midjourney">
      {action !== undefined && <p className="text-sm text-gray-700" data-testid="mj-origin">{originText(action)}</p>}
      {canAct && (
        <Suspense fallback={null}>
          <OwnerActions taskId={parameters.task_id!} candidate={parameters.candidate!} />
        </Suspense>
      )}
    </DetailSection>
  )
}
