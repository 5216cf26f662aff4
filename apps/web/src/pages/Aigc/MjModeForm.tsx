import type { AigcStore, MjSlot } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Icon } from "../../components/ui/Icon"
import { cx } from "../../components/ui/cx"
import { ChoiceRow, FormSection, HdSwitch } from "./Choice"
import { PictureSlot } from "./PictureSlot"
import { PresetGrid } from "./PresetGrid"
import { RetiredNotice } from "./RetiredNotice"

const SLOTS: ReadonlyArray<MjSlot> = ["image_prompts", "style_reference", "character_reference", "omni_reference"]

/** MJ 模型: prompt, image prompts and the sref / cref / oref references, version, count, ratio, HD. */
export const MjModeForm = observer(function MjModeForm({ store }: { store: AigcStore }) {
  const form = store.mj
  return (
    <div className="flex flex-col gap-5" data-testid="mj-form">
      <FormSection title="提示词">
        <textarea
          value={form.prompt}
          maxLength={2000}
          rows={4}
          placeholder="描述你想要的画面，例如：a lighthouse on a cliff at sunset, cinematic"
          onChange={(event) => store.updateMj({ prompt: event.target.value })}
          className="w-full resize-none rounded-md border border-line-strong bg-surface px-3 py-2 text-sm outline-none focus:border-brand-500"
          data-testid="mj-prompt"
        />
        <span className="self-end text-xs text-gray-400">{form.prompt.length}/2000</span>
      </FormSection>
      {SLOTS.map((slot) => {
        const rule = store.slotRule(slot)
        const conflict = rule !== null && form.references[slot].length > 0
        return (
          <FormSection key={slot} title={store.slotLabels[slot]} hint={`最多 ${store.slotLimits[slot]} 张`}>
            <PictureSlot store={store} target={slot} pictures={form.references[slot]} limit={store.slotLimits[slot]} />
            {rule !== null ? (
              <p
                className={cx("flex items-start gap-1 text-xs leading-5", conflict ? "text-danger-600" : "text-gray-500")}
                data-testid={`slot-rule-${slot}`}
                data-conflict={conflict ? "true" : "false"}
                role={conflict ? "alert" : undefined}
              >
                <Icon name={conflict ? "alert-triangle" : "info"} size={14} className="mt-0.5 shrink-0" />
                {conflict ? `${rule}，请切换版本或移除图片` : `${rule}，当前版本不支持`}
              </p>
            ) : null}
          </FormSection>
        )
      })}
      <FormSection title="版本">
        {store.retiredVersionText !== null ? <RetiredNotice text={store.retiredVersionText} testId="retired-version" /> : null}
        <PresetGrid
          testId="mj-versions"
          items={store.versions.map((version) => ({ key: version.name, name: version.label, cover: version.cover, description: version.description, note: store.versionNote(version.name) }))}
          selected={form.version}
          onSelect={(name) => {
            const version = store.versions.find((known) => known.name === name)
            if (version !== undefined) store.selectVersion(version)
          }}
        />
      </FormSection>
      <ChoiceRow label="生成数量" options={store.counts} value={form.num} onChange={(num) => store.updateMj({ num })} render={(num) => `${num} 张`} testId="mj-count" />
      <ChoiceRow label="图片比例" options={store.ratios} value={form.ratio} onChange={(ratio) => store.updateMj({ ratio })} testId="mj-ratio" />
      <HdSwitch value={form.hd} onChange={(hd) => store.updateMj({ hd })} />
    </div>
  )
})
