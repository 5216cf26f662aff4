import { ButtonSection, InputSection, TabsSection } from "./ControlSections"
import { AvatarSection, BadgeSection, TagSection } from "./DisplaySections"
import { EditorSection } from "./EditorSections"
import { EmptySection, FeedbackSection, SkeletonSection } from "./FeedbackSections"
import { ColourSection, ShapeSection, TypeSection } from "./FoundationSections"
import { OverlaySection } from "./OverlaySections"

const NAV = [
  ["colour", "色彩"],
  ["type", "字体"],
  ["shape", "圆角与阴影"],
  ["button", "按钮"],
  ["input", "输入框"],
  ["tabs", "标签页"],
  ["badge", "徽标"],
  ["tag", "标签"],
  ["avatar", "头像"],
  ["overlay", "浮层"],
  ["feedback", "反馈"],
  ["skeleton", "骨架屏"],
  ["empty", "空状态"],
  ["editor", "蒙版与对比"]
] as const

/** Dev aid at /__styleguide: every design token and UI component in its states. */
export function StyleGuidePage() {
  return (
    <div className="min-h-screen bg-canvas">
      <title>设计系统 - 米豆AI</title>
      <header className="sticky top-0 z-10 border-b border-line bg-surface/85 backdrop-blur">
        <div className="mx-auto flex h-topbar max-w-[1280px] items-center gap-3 px-6">
          <img src="/favicon.svg" alt="" className="size-8" />
          <span className="text-lg font-semibold text-gray-900">米豆AI</span>
          <span className="h-4 w-px bg-line-strong" />
          <span className="text-base text-gray-600">设计系统</span>
        </div>
      </header>
      <div className="mx-auto grid max-w-[1280px] gap-8 px-6 py-8 lg:grid-cols-[160px_minmax(0,1fr)]">
        <nav aria-label="目录" className="hidden lg:block">
          <ul className="sticky top-24 flex flex-col gap-0.5">
            {NAV.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`} className="block rounded-md px-3 py-1.5 text-sm text-gray-600 hover:bg-surface hover:text-brand-700">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main className="flex min-w-0 flex-col gap-8">
          <ColourSection />
          <TypeSection />
          <ShapeSection />
          <ButtonSection />
          <InputSection />
          <TabsSection />
          <BadgeSection />
          <TagSection />
          <AvatarSection />
          <OverlaySection />
          <FeedbackSection />
          <SkeletonSection />
          <EmptySection />
          <EditorSection />
        </main>
      </div>
    </div>
  )
}
