import { WEBUI_BATCH_COUNT, type WebuiStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useId } from "react"
import { cx } from "../../components/ui/cx"
import { FormSection } from "./FormParts"

/** 🎲 as WebUI shows it, drawn (headless and some desktop browsers have no emoji font). */
function DiceIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-[18px]" aria-hidden="true">
      <rect x="2.5" y="2.5" width="15" height="15" rx="3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      {[[6.5, 6.5], [13.5, 6.5], [10, 10], [6.5, 13.5], [13.5, 13.5]].map(([cx, cy]) => <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="1.3" fill="currentColor" />)}
    </svg>
  )
}

/** ♻ (reuse the last seed), drawn. */
function ReuseIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-[18px]" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M15.5 8.5A5.8 5.8 0 0 0 5 6.2M4.5 11.5A5.8 5.8 0 0 0 15 13.8" />
      <path d="M4.6 2.8 5 6.2l3.4-.5M15.4 17.2l-.4-3.4-3.4.5" />
    </svg>
  )
}

const iconButton = "flex size-9 shrink-0 items-center justify-center rounded-md text-gray-600 ring-1 ring-line-strong ring-inset hover:bg-gray-50 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-40"

/** Seed (exact, 🎲 random = -1, ♻ the last task's) and batch count 1–4. */
export const SeedBatchFields = observer(function SeedBatchFields({ webui }: { webui: WebuiStore }) {
  const { form } = webui
  const seedId = useId()
  const seedError = webui.problemOf("seed")
  const last = webui.lastSeed
  return (
    <FormSection title="种子与数量">
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-4">
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={seedId} className="text-xs font-medium text-gray-600">随机种子（-1 为随机）</label>
          <div className="flex gap-2">
            <input
              id={seedId}
              type="number"
              value={Number.isFinite(form.values.seed) ? form.values.seed : ""}
              data-testid="webui-seed"
              aria-invalid={seedError !== undefined || undefined}
              onChange={(event) => form.set("seed", event.target.value === "" ? Number.NaN : Number(event.target.value))}
              className={cx(
                "h-9 min-w-0 flex-1 rounded-md bg-surface px-3 text-sm tabular-nums ring-1 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none",
                seedError === undefined ? "ring-line-strong" : "ring-danger-500"
              )}
            />
            <button type="button" className={iconButton} title="随机种子 (-1)" aria-label="随机种子" onClick={form.randomSeed}>
              <DiceIcon />
            </button>
            <button
              type="button"
              className={iconButton}
              title={last === undefined ? "还没有生成记录" : `复用上次的种子 ${last}`}
              aria-label="复用上次的种子"
              disabled={last === undefined}
              onClick={webui.reuseSeed}
            >
              <ReuseIcon />
            </button>
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <span className="text-xs font-medium text-gray-600">生成数量</span>
          <div className="flex h-9 overflow-hidden rounded-md ring-1 ring-line-strong ring-inset" role="group" aria-label="生成数量">
            {Array.from({ length: WEBUI_BATCH_COUNT.max - WEBUI_BATCH_COUNT.min + 1 }, (_, index) => index + WEBUI_BATCH_COUNT.min).map((count) => (
              <button
                key={count}
                type="button"
                aria-pressed={form.values.batchCount === count}
                onClick={() => form.setBatchCount(count)}
                className={cx("w-9 text-sm tabular-nums", form.values.batchCount === count ? "bg-brand-600 font-medium text-white" : "text-gray-700 hover:bg-gray-50")}
              >
                {count}
              </button>
            ))}
          </div>
        </div>
      </div>
      {seedError === undefined ? null : <p role="alert" className="text-xs text-danger-600">{seedError}</p>}
    </FormSection>
  )
})
