import { type MjActionKind, type MjActionOffer, useGenerationStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useState } from "react"
import { Button } from "../ui/Button"

export type MjActionBarProps = {
  /** the grid's task id */
  gridId: string
  offer: MjActionOffer
  /** the candidates offered: 1–4 under a grid, the one shown in an artwork's detail */
  indexes: ReadonlyArray<number>
  /** after a submit went through (the detail says where the result will show) */
  onSubmitted?: () => void
}

/**
 * Midjourney's buttons under a finished grid (ADR 0020): U1–U4 放大 one candidate, V1–V4 变体 of
 * one, 重新生成 the whole grid. Each is a priced task like any other; the buttons wait while one of
 * this grid's actions is on its way or running.
 */
export const MjActionBar = observer(function MjActionBar({ gridId, offer, indexes, onSubmitted }: MjActionBarProps) {
  const generation = useGenerationStore()
  const [sending, setSending] = useState(false)
  const busy = sending || generation.mjActionRunning(gridId)
  const run = async (action: MjActionKind, index: number) => {
    setSending(true)
    try {
      const task = await generation.mjAction(gridId, action, index)
      if (task !== null) onSubmitted?.()
    } finally {
      setSending(false)
    }
  }
  const row = (action: MjActionKind, letter: string, label: string, price: number) => (
    <div className="flex flex-wrap items-center gap-1.5">
      {indexes.map((index) => (
        <Button
          key={index}
          variant="secondary"
          size="sm"
          disabled={busy}
          title={`${letter}${index} ${label}：${price} 米豆`}
          data-testid={`mj-${letter.toLowerCase()}${index}`}
          onClick={() => void run(action, index)}
        >
          {letter}{index} {label}
        </Button>
      ))}
      <span className="text-xs text-gray-500">{price} 米豆/次</span>
    </div>
  )
  return (
    <div className="mt-3 flex flex-col gap-2 rounded-md bg-gray-50 p-2.5" data-testid="mj-actions" aria-label="Midjourney 操作">
      {row("upscale", "U", "放大", offer.upscalePrice)}
      {row("variation", "V", "变体", offer.gridPrice)}
      <div className="flex flex-wrap items-center gap-1.5">
        <Button variant="secondary" size="sm" disabled={busy} data-testid="mj-reroll" onClick={() => void run("reroll", 1)}>
          重新生成
        </Button>
        <span className="text-xs text-gray-500">{offer.gridPrice} 米豆/次</span>
        {busy && <span className="text-xs text-brand-600" data-testid="mj-actions-busy">处理中…</span>}
      </div>
    </div>
  )
})
