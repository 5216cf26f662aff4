import type { TaskCost } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Button } from "../ui/Button"
import { Icon } from "../ui/Icon"

export type CostButtonProps = {
  /** The form's cost display (the server's points call, debounced). */
  cost: TaskCost
  /** Submits the form; called only when the balance is enough. */
  onGenerate: () => void
  /** A submit is on its way. */
  submitting?: boolean
  /** The form cannot be sent yet (what is missing is said beside the field); the button waits. */
  disabled?: boolean
  label?: string
  className?: string
}

/**
 * 生成 · 消耗 N 米豆: the cost comes from the server and the button waits for it; a short balance sends
 * nothing: a toast says why and the purchase dialog opens on 米豆套餐 (TaskCost.refuse).
 */
export const CostButton = observer(function CostButton({ cost, onGenerate, submitting = false, disabled = false, label = "生成", className }: CostButtonProps) {
  const points = cost.points
  const waiting = cost.loading || points === null
  const click = async () => {
    if (await cost.check()) return
    onGenerate()
  }
  return (
    <Button
      size="lg"
      block
      className={className}
      loading={submitting}
      disabled={disabled || waiting}
      onClick={() => void click()}
      data-testid="generate-button"
      data-points={points ?? undefined}
      icon={<Icon name="sparkles" />}
    >
      <span>{label}</span>
      <span className="text-sm font-normal opacity-90" data-testid="generate-cost">
        {waiting ? "· 计算消耗…" : `· 消耗 ${points} 米豆`}
      </span>
    </Button>
  )
})
