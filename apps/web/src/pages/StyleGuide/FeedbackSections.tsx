import { Button } from "../../components/ui/Button"
import { EmptyState } from "../../components/ui/EmptyState"
import { Skeleton } from "../../components/ui/Skeleton"
import { Spinner } from "../../components/ui/Spinner"
import { Toast } from "../../components/ui/Toast"
import { Row, Section } from "./Section"

export function FeedbackSection() {
  return (
    <Section id="feedback" title="反馈 Toast · Spinner" note="提示默认 3 秒后消失；计时由全局提示状态负责，这里只展示外观。">
      <Row label="提示">
        <div className="flex flex-col items-start gap-3">
          <Toast type="success">复制成功</Toast>
          <Toast type="error">优惠码验证失败，请稍后重试!</Toast>
          <Toast type="warning" onClose={() => undefined}>
            文件大小不能超过 15 MB
          </Toast>
        </div>
      </Row>
      <Row label="加载圈">
        <Spinner size={16} className="text-brand-600" />
        <Spinner size={24} className="text-brand-600" />
        <Spinner size={32} className="text-gray-400" label="加载中" />
        <span className="inline-flex items-center gap-2 text-sm text-gray-500">
          <Spinner size={16} /> 加载中…
        </span>
      </Row>
    </Section>
  )
}

export function SkeletonSection() {
  return (
    <Section id="skeleton" title="骨架屏 Skeleton" note="按内容形状占位；减少动态效果时不闪烁。">
      <div className="grid grid-cols-[repeat(auto-fill,minmax(200px,1fr))] gap-4">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="overflow-hidden rounded-lg ring-1 ring-line">
            <Skeleton className="aspect-[4/5] w-full rounded-none" />
            <div className="flex items-center gap-2.5 p-3">
              <Skeleton shape="circle" width={28} />
              <Skeleton shape="text" lines={1} className="flex-1" />
            </div>
          </div>
        ))}
      </div>
      <Skeleton shape="text" lines={3} width="60%" />
    </Section>
  )
}

export function EmptySection() {
  return (
    <Section id="empty" title="空状态 EmptyState" note="列表为空、无结果与建设中的页面，绝不留白屏。">
      <div className="grid gap-4 md:grid-cols-2">
        <div className="rounded-lg ring-1 ring-line">
          <EmptyState title="还没有作品" description="去 AI 绘画创作你的第一幅作品吧" icon="image" action={<Button size="sm">开始创作</Button>} />
        </div>
        <div className="rounded-lg ring-1 ring-line">
          <EmptyState title="页面建设中" description="米豆AI 正在精心打磨这个页面，敬请期待。" icon="sparkles" />
        </div>
      </div>
    </Section>
  )
}
