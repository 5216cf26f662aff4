import { useState } from "react"
import { Badge } from "../../components/ui/Badge"
import { Button } from "../../components/ui/Button"
import { Icon } from "../../components/ui/Icon"
import { Input } from "../../components/ui/Input"
import { SegmentedControl } from "../../components/ui/SegmentedControl"
import { Tabs } from "../../components/ui/Tabs"
import { EmptyState } from "../../components/ui/EmptyState"
import { Row, Section } from "./Section"

const VARIANTS = [
  { variant: "primary", label: "立即生成" },
  { variant: "secondary", label: "取消" },
  { variant: "ghost", label: "更多" },
  { variant: "danger", label: "删除作品" }
] as const

export function ButtonSection() {
  const [busy, setBusy] = useState(false)
  const run = () => {
    setBusy(true)
    window.setTimeout(() => setBusy(false), 1500)
  }
  return (
    <Section id="button" title="按钮 Button" note="四种变体、三种尺寸；loading 时显示加载圈并禁止点击。">
      {(["lg", "md", "sm"] as const).map((size) => (
        <Row key={size} label={`尺寸 ${size}`}>
          {VARIANTS.map((item) => (
            <Button key={item.variant} variant={item.variant} size={size}>
              {item.label}
            </Button>
          ))}
        </Row>
      ))}
      <Row label="图标">
        <Button icon={<Icon name="sparkles" size={18} />}>AI 绘画</Button>
        <Button variant="secondary" icon={<Icon name="download" size={18} />}>下载图片</Button>
        <Button variant="ghost" icon={<Icon name="plus" size={18} />}>新建分组</Button>
      </Row>
      <Row label="加载中">
        <Button loading>生成中…</Button>
        <Button variant="secondary" loading>
          上传中
        </Button>
        <Button onClick={run} loading={busy}>
          {busy ? "提交中…" : "点我试试"}
        </Button>
      </Row>
      <Row label="禁用">
        {VARIANTS.map((item) => (
          <Button key={item.variant} variant={item.variant} disabled>
            {item.label}
          </Button>
        ))}
      </Row>
      <Row label="通栏">
        <div className="w-full max-w-sm">
          <Button block size="lg">
            登录 / 注册
          </Button>
        </div>
      </Row>
    </Section>
  )
}

export function InputSection() {
  const [phone, setPhone] = useState("138")
  return (
    <Section id="input" title="输入框 Input" note="标签、提示与错误文案都关联到输入框；错误文案使用规格原文。">
      <div className="grid gap-6 md:grid-cols-2">
        <Input label="手机号" placeholder="请输入手机号" prefix="+86" value={phone} onChange={(e) => setPhone(e.target.value)} />
        <Input
          label="验证码"
          placeholder="请输入短信验证码"
          suffix={
            <button type="button" className="text-sm font-medium text-brand-600 hover:text-brand-500">
              获取验证码
            </button>
          }
        />
        <Input label="优惠码" placeholder="请输入优惠码" defaultValue="" error="请输入优惠码!" />
        <Input label="邀请码" hint="选填，填写后双方都可获得米豆奖励" placeholder="选填" />
        <Input label="昵称" defaultValue="米豆创作者" disabled />
        <Input size="lg" label="搜索（大号）" placeholder="搜索作品、作者或提示词" prefix={<Icon name="search" size={18} />} />
      </div>
    </Section>
  )
}

const MESSAGE_TABS = [
  { key: "system", label: "系统", badge: "3" },
  { key: "like", label: "点赞", badge: "99+" },
  { key: "follow", label: "关注", badge: "" },
  { key: "mention", label: "提及", badge: "99" }
] as const

export function TabsSection() {
  return (
    <Section id="tabs" title="标签页 Tabs" note="line 用于消息抽屉与页面分区；pill 用于紧凑切换（sm 米豆明细，lg 购买弹窗）；无 content 时只作切换栏。方向键可切换。SegmentedControl 用于支付方式等单选。">
      <Tabs
        items={MESSAGE_TABS.map((tab) => ({
          key: tab.key,
          label: tab.label,
          extra: <Badge text={tab.badge} />,
          content: <EmptyState compact title={`暂无${tab.label}消息`} description="有新消息时会第一时间通知你" />
        }))}
      />
      <Tabs
        variant="pill"
        defaultIndex={1}
        items={["全部", "收入", "支出"].map((label) => ({
          key: label,
          label,
          content: <p className="text-sm text-gray-500">「{label}」米豆明细在这里显示。</p>
        }))}
      />
      <Row label="pill 尺寸（仅切换）">
        <Tabs variant="pill" size="sm" label="明细类型" items={["全部", "收入", "支出"].map((label) => ({ key: label, label }))} />
        <Tabs variant="pill" size="lg" label="购买类型" items={["会员套餐", "米豆套餐"].map((label) => ({ key: label, label }))} />
      </Row>
      <Row label="分段选择">
        <PayMethodDemo />
      </Row>
    </Section>
  )
}

function PayMethodDemo() {
  const [method, setMethod] = useState<"wechat" | "alipay">("wechat")
  return (
    <div className="w-72">
      <SegmentedControl
        label="支付方式"
        value={method}
        onChange={setMethod}
        options={[
          { key: "wechat", label: "微信支付", icon: <span className="size-2.5 rounded-full bg-[#07c160]" /> },
          { key: "alipay", label: "支付宝", icon: <span className="size-2.5 rounded-full bg-[#1677ff]" /> }
        ]}
      />
    </div>
  )
}
