import type { AigcStore, StyleGroup } from "@mido/react"
import { observer } from "mobx-react-lite"
import { ChoiceRow, FormSection, HdSwitch } from "./Choice"
import { RetiredNotice } from "./RetiredNotice"
import { PictureSlot } from "./PictureSlot"
import { PresetGrid } from "./PresetGrid"

const GROUPS: ReadonlyArray<StyleGroup> = ["default", "pro"]
const GROUP_LABEL: Readonly<Record<StyleGroup, string>> = { default: "基础风格", pro: "专业风格" }

/** 快捷绘画: a base image, a style preset of a group, what to add, count, ratio and HD. */
export const QuickModeForm = observer(function QuickModeForm({ store }: { store: AigcStore }) {
  const form = store.quick
  return (
    <div className="flex flex-col gap-5" data-testid="quick-form">
      <FormSection title="底图" hint="上传一张照片或从资产库选择">
        <PictureSlot store={store} target="base" pictures={form.baseImage === null ? [] : [form.baseImage]} limit={1} />
      </FormSection>
      <FormSection title="风格">
        {store.retiredStyleText !== null ? <RetiredNotice text={store.retiredStyleText} testId="retired-style" /> : null}
        <ChoiceRow label="风格分组" options={GROUPS} value={form.styleGroup} onChange={store.selectGroup} render={(group) => GROUP_LABEL[group]} testId="style-groups" />
        <PresetGrid
          testId="quick-styles"
          items={store.stylesOfGroup.map((style) => ({ key: style.name, name: style.name, cover: style.cover, description: style.description }))}
          selected={form.styleName}
          onSelect={(name) => {
            const style = store.styles.find((known) => known.name === name)
            if (style !== undefined) store.selectStyle(style)
          }}
        />
      </FormSection>
      <FormSection title="补充描述" hint="可选">
        <textarea
          value={form.prompt}
          maxLength={500}
          rows={2}
          placeholder="例如：保留人物表情，背景换成海边"
          onChange={(event) => store.updateQuick({ prompt: event.target.value })}
          className="w-full resize-none rounded-md border border-line-strong bg-surface px-3 py-2 text-sm outline-none focus:border-brand-500"
        />
      </FormSection>
      <ChoiceRow label="生成数量" options={store.counts} value={form.num} onChange={(num) => store.updateQuick({ num })} render={(num) => `${num} 张`} testId="quick-count" />
      <ChoiceRow label="图片比例" options={store.ratios} value={form.ratio} onChange={(ratio) => store.updateQuick({ ratio })} testId="quick-ratio" />
      <HdSwitch value={form.hd} onChange={(hd) => store.updateQuick({ hd })} />
    </div>
  )
})
