import type { ArtworkDetailStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Avatar } from "../ui/Avatar"
import { DetailSection } from "./DetailSection"
import { GenerationArgs } from "./GenerationArgs"
import { ModelChips } from "./ModelChips"
import { MjOrigin } from "./MjOrigin"
import { PromptPanel } from "./PromptPanel"
import { type ReferenceGroup, ReferenceImages } from "./ReferenceImages"

function NamedImage({ cover, name, label }: { cover?: string | null; name: string; label: string }) {
  return (
    <div className="flex items-center gap-3 rounded-lg bg-gray-50 p-2.5">
      {cover ? <img src={cover} alt={name} className="size-12 shrink-0 rounded-md object-cover" /> : null}
      <div className="min-w-0">
        <p className="text-xs text-gray-500">{label}</p>
        <p className="truncate font-medium text-gray-900">{name}</p>
      </div>
    </div>
  )
}

const nonEmpty = (groups: ReadonlyArray<ReferenceGroup>) => groups.filter((group) => group.images.length > 0)

/**
 * The §3 parameters of each type: quick (its prompt when it has one, style, base image), quick_mj
 * (prompt, version, image prompts and sref / cref / oref), sd (prompt, negative prompt, models,
 * arguments), agent (the prompt it drew, the assistant). Prompts are the panel with copy (GA5).
 */
export const TypeParameters = observer(function TypeParameters({ detail }: { detail: ArtworkDetailStore }) {
  const artwork = detail.artwork
  if (artwork === null) return null
  switch (artwork.type) {
    case "quick": {
      const { style_info: style, base_image_url: base, prompt } = artwork.parameters
      return (
        <>
          {prompt !== "" ? <PromptPanel title="补充描述" text={prompt} testId="prompt-panel" /> : null}
          <DetailSection title="风格">
            <NamedImage cover={style.cover} name={style.name} label={style.group === "pro" ? "专业风格" : "基础风格"} />
          </DetailSection>
          <ReferenceImages groups={nonEmpty([{ label: "底图", images: base ? [base] : [] }])} />
        </>
      )
    }
    case "quick_mj": {
      const p = artwork.parameters
      return (
        <>
          <PromptPanel text={p.prompt} testId="prompt-panel" />
          <DetailSection title="模型版本">
            <NamedImage cover={p.version_info.cover} name={p.version_info.label ?? p.version_info.name} label="Midjourney" />
          </DetailSection>
          <ReferenceImages
            groups={nonEmpty([
              { label: "垫图", images: p.image_prompts },
              { label: "风格参考 (sref)", images: p.style_reference },
              { label: "角色参考 (cref)", images: p.character_reference },
              { label: "全能参考 (oref)", images: p.omni_reference }
            ])}
          />
          <MjOrigin parameters={p} owner={artwork.is_owner} />
        </>
      )
    }
    case "sd": {
      const p = artwork.parameters
      return (
        <>
          <PromptPanel text={p.prompt} testId="prompt-panel" />
          {p.negative_prompt !== "" ? <PromptPanel title="反向提示词" text={p.negative_prompt} testId="negative-prompt-panel" /> : null}
          <ModelChips detail={detail} models={p.models} />
          <GenerationArgs args={p.args} />
        </>
      )
    }
    case "agent": {
      const p = artwork.parameters
      return (
        <>
          {p.prompt !== "" ? <PromptPanel text={p.prompt} testId="prompt-panel" /> : null}
          <DetailSection title="智能助手">
            <div className="flex items-center gap-3 rounded-lg bg-gray-50 p-2.5">
              <Avatar src={p.head} name={p.name} size={40} />
              <div className="min-w-0">
                <p className="truncate font-medium text-gray-900">{p.name}</p>
                <p className="text-xs text-gray-500">助手编号 {p.id}</p>
              </div>
            </div>
          </DetailSection>
        </>
      )
    }
  }
})
