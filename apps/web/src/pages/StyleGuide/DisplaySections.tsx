import { Avatar } from "../../components/ui/Avatar"
import { Badge } from "../../components/ui/Badge"
import { Icon } from "../../components/ui/Icon"
import { Tag } from "../../components/ui/Tag"
import { Row, Section } from "./Section"

// An inline picture so the guide needs no network (the CSP allows data: images).
const PICTURE =
  "data:image/svg+xml," +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><defs><linearGradient id="a" x2="1" y2="1"><stop stop-color="#ffc94d"/><stop offset="1" stop-color="#8b6cff"/></linearGradient></defs><rect width="80" height="80" fill="url(#a)"/><circle cx="40" cy="34" r="14" fill="#fff" fill-opacity=".85"/><path d="M14 80c4-16 14-24 26-24s22 8 26 24z" fill="#fff" fill-opacity=".85"/></svg>`
  )

export function BadgeSection() {
  return (
    <Section id="badge" title="徽标 Badge" note="计数按核心规则 FM4 格式化：超过 99 显示 99+，0 不显示。">
      <Row label="计数">
        {/* the texts the core's rule FM4 gives for 1, 8, 42, 99, 100 and 2048 */}
        {["1", "8", "42", "99", "99+", "99+"].map((text, index) => (
          <Badge key={index} text={text} />
        ))}
        <Badge text="5" tone="brand" />
        <Badge text="12" tone="gray" />
      </Row>
      <Row label="角标">
        <Badge text="7" label="7 条未读消息">
          <span className="flex size-10 items-center justify-center rounded-md bg-gray-100 text-gray-700">
            <Icon name="bell" size={20} />
          </span>
        </Badge>
        <Badge text="99+" label="326 条未读消息">
          <span className="flex size-10 items-center justify-center rounded-md bg-gray-100 text-gray-700">
            <Icon name="bell" size={20} />
          </span>
        </Badge>
        <Badge dot>
          <Avatar name="小米" size={40} />
        </Badge>
        <Badge text="3">
          <span className="flex size-12 items-center justify-center rounded-full bg-linear-to-br from-danger-500 to-bean-500 text-white shadow-md">
            <Icon name="gift" size={24} />
          </span>
        </Badge>
        <Badge text="">
          <span className="rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-600">0 条：不显示</span>
        </Badge>
      </Row>
    </Section>
  )
}

export function TagSection() {
  return (
    <Section id="tag" title="标签 Tag" note="侧边栏促销标签、模型名、会员等级与分类。">
      <Row label="色调">
        <Tag tone="brand">SD 模型</Tag>
        <Tag tone="bean">年度会员</Tag>
        <Tag tone="danger">已过期</Tag>
        <Tag tone="success">可使用</Tag>
        <Tag tone="gray">风景</Tag>
        <Tag tone="hot">现金奖励</Tag>
      </Row>
      <Row label="尺寸">
        <Tag tone="hot" size="xs">
          MJ模型
        </Tag>
        <Tag tone="brand" size="xs">
          4o绘图
        </Tag>
        <Tag tone="brand" size="sm">
          LoRA
        </Tag>
        <Tag tone="bean" size="md" icon={<Icon name="sparkles" size={14} />}>
          开通会员，得米豆
        </Tag>
      </Row>
    </Section>
  )
}

export function AvatarSection() {
  return (
    <Section id="avatar" title="头像 Avatar" note="无图或加载失败时显示昵称首字，颜色由昵称决定。">
      <Row label="图片">
        {[24, 32, 40, 56, 72].map((size) => (
          <Avatar key={size} src={PICTURE} name="米豆" size={size} />
        ))}
        <Avatar src={PICTURE} name="米豆" size={56} shape="rounded" />
      </Row>
      <Row label="首字回退">
        {["小米", "豆豆酱", "Luna", "画画的阿白", "mido", ""].map((name) => (
          <Avatar key={name || "empty"} name={name} size={44} />
        ))}
        <Avatar src="/__missing-avatar.png" name="加载失败" size={44} />
      </Row>
    </Section>
  )
}
