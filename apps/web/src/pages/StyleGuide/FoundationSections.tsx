import { Row, Section } from "./Section"

const SCALES = [
  { name: "brand", title: "豆紫 brand", steps: [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] },
  { name: "bean", title: "米豆金 bean", steps: [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] },
  { name: "gray", title: "中性灰 gray", steps: [25, 50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] },
  { name: "success", title: "成功 success", steps: [50, 100, 500, 600, 700] },
  { name: "warning", title: "警告 warning", steps: [50, 100, 500, 600, 700] },
  { name: "danger", title: "危险 danger", steps: [50, 100, 200, 500, 600, 700] }
] as const

const TYPE = [
  { cls: "text-4xl font-semibold", label: "4xl 36/44", sample: "让每个灵感都被看见" },
  { cls: "text-3xl font-semibold", label: "3xl 28/36", sample: "灵感广场 · 热门作品" },
  { cls: "text-2xl font-semibold", label: "2xl 22/30", sample: "AI 绘画，一键成图" },
  { cls: "text-xl font-medium", label: "xl 18/26", sample: "对话框标题 Dialog Title" },
  { cls: "text-lg", label: "lg 16/24", sample: "开通会员，得米豆，畅享 MJ 模型与 4o 绘图" },
  { cls: "text-base", label: "base 14/22", sample: "正文：描述你想要的画面，米豆AI 帮你画出来。支持中文提示词 prompt。" },
  { cls: "text-sm text-gray-600", label: "sm 13/20", sample: "辅助说明：每日发帖奖励 20 米豆，上限 50 米豆。" },
  { cls: "text-xs text-gray-500", label: "xs 12/18", sample: "© 2025 米豆AI · 京ICP备00000000号-1" }
] as const

const RADII = ["rounded-xs", "rounded-sm", "rounded-md", "rounded-lg", "rounded-xl", "rounded-2xl"] as const
const SHADOWS = ["shadow-xs", "shadow-sm", "shadow-md", "shadow-lg", "shadow-xl", "shadow-brand"] as const

// White text reads on these steps and above (AA for body text from 600).
const DARK_FROM: Record<string, number> = { brand: 500, bean: 700, gray: 500, success: 600, warning: 700, danger: 500 }

export function ColourSection() {
  return (
    <Section id="colour" title="色彩 Colour" note="豆紫用于一切可交互元素；米豆金只用于米豆与会员；其余为中性与反馈色。">
      {SCALES.map((scale) => (
        <div key={scale.name}>
          <div className="mb-2 text-sm font-medium text-gray-700">{scale.title}</div>
          <div className="grid grid-cols-[repeat(auto-fill,minmax(72px,1fr))] gap-2">
            {scale.steps.map((step) => (
              <div
                key={step}
                className="flex h-16 flex-col justify-end rounded-md p-2 text-xs ring-1 ring-black/5 ring-inset"
                style={{
                  background: `var(--color-${scale.name}-${step})`,
                  color: step >= (DARK_FROM[scale.name] ?? 500) ? "#fff" : "var(--color-gray-800)"
                }}
              >
                <span className="font-medium tabular-nums">{step}</span>
              </div>
            ))}
          </div>
        </div>
      ))}
    </Section>
  )
}

export function TypeSection() {
  return (
    <Section id="type" title="字体 Type" note="PingFang SC → 冬青黑 → 微软雅黑 → Noto Sans CJK → 思源黑体；正文 14px。">
      <div className="flex flex-col divide-y divide-line">
        {TYPE.map((row) => (
          <div key={row.label} className="grid items-baseline gap-2 py-3 md:grid-cols-[112px_1fr] md:gap-6">
            <span className="text-xs text-gray-500 tabular-nums">{row.label}</span>
            <span className={`${row.cls} min-w-0 text-gray-900`}>{row.sample}</span>
          </div>
        ))}
      </div>
    </Section>
  )
}

export function ShapeSection() {
  return (
    <Section id="shape" title="圆角与阴影 Radius & Shadow" note="4px 栅格；卡片 12px 圆角，对话框 16px。">
      <Row label="圆角">
        {RADII.map((radius) => (
          <div key={radius} className={`flex size-20 items-end bg-brand-50 p-2 text-xs text-brand-800 ring-1 ring-brand-200 ${radius}`}>
            {radius.replace("rounded-", "")}
          </div>
        ))}
      </Row>
      <Row label="阴影">
        {SHADOWS.map((shadow) => (
          <div key={shadow} className={`flex h-20 w-28 items-end rounded-lg bg-surface p-2 text-xs text-gray-600 ${shadow}`}>
            {shadow.replace("shadow-", "")}
          </div>
        ))}
      </Row>
    </Section>
  )
}
