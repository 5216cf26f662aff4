import type { ArtworkDetailStore } from "@mido/react"
import { DetailSection } from "./DetailSection"

type Model = { readonly type: "Checkpoint" | "LoRA"; readonly name: string }

/** The sd models as chips (Checkpoint / LoRA); a chip opens the model's card. */
export function ModelChips({ detail, models }: { detail: ArtworkDetailStore; models: ReadonlyArray<Model> }) {
  if (models.length === 0) return null
  return (
    <DetailSection title="模型">
      <ul className="flex flex-wrap gap-2">
        {models.map((model, index) => (
          <li key={`${model.type}:${model.name}:${index}`}>
            <button
              type="button"
              onClick={() => void detail.openModel(model)}
              className="inline-flex max-w-full items-center gap-1.5 rounded-md bg-gray-50 py-1 pr-2.5 pl-1 text-sm text-gray-800 ring-1 ring-line ring-inset transition hover:bg-brand-50 hover:text-brand-700 hover:ring-brand-200"
              data-testid="model-chip"
            >
              <span className={model.type === "Checkpoint" ? "rounded-sm bg-brand-600 px-1.5 text-xs leading-5 text-white" : "rounded-sm bg-bean-500 px-1.5 text-xs leading-5 text-white"}>
                {model.type}
              </span>
              <span className="truncate">{model.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </DetailSection>
  )
}
