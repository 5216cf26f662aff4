import { useFeaturePromptStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Suspense } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { Button } from "../ui/Button"
import { Dialog } from "../ui/Dialog"
import { Icon } from "../ui/Icon"

/** Spec §2: the prompt is 540 px wide. */
const PROMPT_WIDTH = 540

/**
 * The community feature prompt (spec §2, §4): once the config has loaded, unless dismissed before or
 * on an excluded route (FP1–FP2); the rewards from config and their sum as the daily cap (FP3); closing
 * it or 去社区看看 (→ /community) stores the flag for good (FP4).
 */
const FeaturePromptView = observer(function FeaturePromptView() {
  const prompt = useFeaturePromptStore()
  const location = useLocation()
  const navigate = useNavigate()
  const content = prompt.content
  const go = () => {
    prompt.dismiss()
    void navigate(prompt.target)
  }
  return (
    <Dialog open={prompt.visibleOn(location.pathname)} onClose={prompt.dismiss} width={PROMPT_WIDTH} title={content.title}>
      <div className="flex flex-col gap-5 pb-1" data-testid="feature-prompt">
        <div className="flex items-start gap-4">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-linear-to-br from-brand-500 to-brand-700 text-white shadow-brand">
            <Icon name="users" size={28} />
          </span>
          <p className="text-base leading-relaxed text-gray-700">{content.lead}</p>
        </div>
        {content.rewards.length > 0 ? (
          <ul className="flex gap-3">
            {content.rewards.map((reward) => (
              <li key={reward.label} className="flex flex-1 flex-col items-center gap-1 rounded-xl bg-bean-50 px-3 py-4 ring-1 ring-bean-200">
                <span className="flex items-baseline gap-1 text-bean-800">
                  <span className="text-2xl font-semibold tabular-nums">{reward.beans}</span>
                  <span className="text-sm">米豆</span>
                </span>
                <span className="text-sm text-gray-600">{reward.label}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <Button size="lg" block onClick={go} icon={<Icon name="sparkles" size={18} />}>
          {content.action}
        </Button>
      </div>
    </Dialog>
  )
})

/** The feature prompt's slot in the account overlays' layer; its store arrives with the layer. */
export function FeaturePrompt() {
  return (
    <Suspense fallback={null}>
      <FeaturePromptView />
    </Suspense>
  )
}
