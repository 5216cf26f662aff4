import { useState } from "react"
import { Avatar } from "../../components/ui/Avatar"
import { Button } from "../../components/ui/Button"
import { Dialog } from "../../components/ui/Dialog"
import { Drawer } from "../../components/ui/Drawer"
import { EmptyState } from "../../components/ui/EmptyState"
import { Icon } from "../../components/ui/Icon"
import { Popover } from "../../components/ui/Popover"
import { Tabs } from "../../components/ui/Tabs"
import { Tag } from "../../components/ui/Tag"
import { Row, Section } from "./Section"

const TOOLS = [
  { name: "智能抠图", description: "一键去除背景，发丝级精度" },
  { name: "高清修复", description: "ESRGAN 放大，细节更清晰" },
  { name: "老照片上色", description: "黑白照片智能上色" },
  { name: "去水印", description: "涂抹区域，自动修补" },
  { name: "局部重绘", description: "只改想改的部分" }
] as const

type Open = "none" | "confirm" | "wide" | "drawer"

export function OverlaySection() {
  const [open, setOpen] = useState<Open>("none")
  const close = () => setOpen("none")
  return (
    <Section id="overlay" title="浮层 Dialog · Drawer · Popover" note="Esc、点击遮罩或关闭按钮均可关闭；焦点被限制在浮层内。">
      <Row label="对话框">
        <Button variant="secondary" onClick={() => setOpen("confirm")}>
          确认对话框（444）
        </Button>
        <Button variant="secondary" onClick={() => setOpen("wide")}>
          作品详情（80%，距顶 70）
        </Button>
      </Row>
      <Row label="抽屉">
        <Button variant="secondary" icon={<Icon name="bell" size={18} />} onClick={() => setOpen("drawer")}>
          消息中心
        </Button>
      </Row>
      <Row label="弹出层">
        <Popover
          trigger={
            <span className="inline-flex h-10 items-center gap-1.5 rounded-md px-3 text-base font-medium text-gray-800 ring-1 ring-line-strong ring-inset hover:bg-gray-50">
              切换工具 <Icon name="chevron-down" size={16} />
            </span>
          }
          panelClassName="w-72"
        >
          {(closePanel) => (
            <ul className="flex flex-col">
              {TOOLS.map((tool) => (
                <li key={tool.name}>
                  <button
                    type="button"
                    onClick={closePanel}
                    className="flex w-full flex-col items-start rounded-md px-3 py-2 text-left hover:bg-brand-50"
                  >
                    <span className="text-base font-medium text-gray-900">{tool.name}</span>
                    <span className="text-xs text-gray-500">{tool.description}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Popover>
      </Row>

      <Dialog
        open={open === "confirm"}
        onClose={close}
        width={444}
        title="确认关闭支付？"
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              继续支付
            </Button>
            <Button variant="danger" onClick={close}>
              确认关闭
            </Button>
          </>
        }
      >
        订单尚未完成支付，关闭后需要重新下单。确定要关闭吗？
      </Dialog>

      <Dialog open={open === "wide"} onClose={close} width="80%" top={70} title="作品详情">
        <div className="grid gap-6 md:grid-cols-[1fr_320px]">
          <div className="flex h-[min(56vh,560px)] min-h-60 items-center justify-center rounded-lg bg-linear-to-br from-brand-100 via-bean-50 to-brand-200 text-brand-400">
            <Icon name="image" size={64} />
          </div>
          <div className="flex flex-col gap-4">
            <div className="flex items-center gap-3">
              <Avatar name="画画的阿白" size={44} />
              <div className="min-w-0 flex-1">
                <div className="truncate font-medium text-gray-900">画画的阿白</div>
                <div className="text-xs text-gray-500">作品 128 · 粉丝 3.2k</div>
              </div>
              <Button size="sm">关注</Button>
            </div>
            <div className="flex flex-wrap gap-2">
              <Tag tone="brand">majicMIX realistic</Tag>
              <Tag tone="gray">LoRA · 水墨</Tag>
            </div>
            <p className="rounded-lg bg-gray-50 p-3 text-sm text-gray-700">
              一只在竹林中打盹的小熊猫，水墨风格，晨雾，柔和光线，高细节
            </p>
          </div>
        </div>
      </Dialog>

      <Drawer open={open === "drawer"} onClose={close} title="消息中心" bodyClassName="px-6 pt-2">
        <Tabs
          items={["系统", "点赞", "关注", "提及"].map((label) => ({
            key: label,
            label,
            content: <EmptyState compact title="暂无消息" description="有新消息时会第一时间通知你" />
          }))}
        />
      </Drawer>
    </Section>
  )
}
