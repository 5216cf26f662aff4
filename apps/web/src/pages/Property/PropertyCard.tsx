import { type PropertyStore, usePropertyStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import type { MouseEvent } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { AigcNotice } from "../../components/ui/AigcNotice"
import { Icon } from "../../components/ui/Icon"
import { Tag, type TagTone } from "../../components/ui/Tag"
import { cx } from "../../components/ui/cx"

export type LibraryItem = PropertyStore["list"]["items"][number]

const STATUS: Readonly<Record<LibraryItem["audit_status"], { readonly label: string; readonly tone: TagTone }>> = {
  draft: { label: "未发布", tone: "gray" },
  pending: { label: "审核中", tone: "bean" },
  approved: { label: "已发布", tone: "success" },
  rejected: { label: "未通过", tone: "danger" }
}

const TYPE_LABEL: Readonly<Record<LibraryItem["library_type"], string>> = {
  quick: "快捷绘画",
  quick_mj: "MJ 模型",
  sd: "在线 SD",
  agent: "智能助手",
  upload: "上传",
  tool: "工具"
}

/** What an untitled work is called: its tab, and for a tool result the tool that made it (LB2). */
const kindLabel = (item: LibraryItem): string =>
  item.library_type === "tool" && item.tool_name !== undefined ? `工具 · ${item.tool_name}` : TYPE_LABEL[item.library_type]

/**
 * One work. The check box toggles it (Shift: the range from the last one clicked); while anything is
 * selected a click on the image selects too, otherwise it opens the detail dialog (?artwork=<id>).
 */
export const PropertyCard = observer(function PropertyCard({ item }: { item: LibraryItem }) {
  const property = usePropertyStore()
  const navigate = useNavigate()
  const location = useLocation()
  const selected = property.isSelected(item.id)
  const selecting = property.selectedCount > 0

  const toggle = (event: MouseEvent) => {
    event.preventDefault()
    event.stopPropagation()
    property.click(item.id, event.shiftKey)
  }
  const open = (event: MouseEvent) => {
    if (selecting || event.shiftKey) return toggle(event)
    const search = new URLSearchParams(location.search)
    search.set("artwork", String(item.id))
    navigate({ pathname: location.pathname, search: `?${search.toString()}` })
  }
  const status = STATUS[item.audit_status]
  const kind = kindLabel(item)

  return (
    <li
      data-testid="property-item"
      data-id={item.id}
      data-selected={selected || undefined}
      className={cx(
        "group relative overflow-hidden rounded-lg bg-gray-100 ring-2 transition-shadow",
        selected ? "ring-brand-500 shadow-brand" : "ring-transparent hover:shadow-md"
      )}
    >
      <button type="button" onClick={open} className="block aspect-square w-full select-none" aria-label={selecting ? "选择作品" : "查看作品详情"}>
        <img src={item.cover} alt={item.title ?? "作品"} loading="lazy" draggable={false} className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]" />
      </button>
      <button
        type="button"
        role="checkbox"
        aria-checked={selected}
        aria-label={selected ? "取消选择" : "选择"}
        onClick={toggle}
        className={cx(
          "absolute top-2 left-2 flex size-6 items-center justify-center rounded-md ring-1 transition",
          selected
            ? "bg-brand-600 text-white ring-brand-600"
            : "bg-white/85 text-transparent ring-gray-300 opacity-0 group-hover:opacity-100 focus-visible:opacity-100",
          selecting && "opacity-100"
        )}
      >
        <Icon name="check" size={16} />
      </button>
      <AigcNotice label={item.aigc_label} className="absolute top-2.5 left-10" />
      {item.title !== undefined && item.library_type === "tool" && item.tool_name !== undefined ? (
        <span className="pointer-events-none absolute top-2 right-2 max-w-[60%] truncate rounded bg-black/50 px-1.5 py-0.5 text-[11px] text-white">{item.tool_name}</span>
      ) : null}
      {/* below the picture, not over it: the picture carries its own AI生成 mark (bottom left) and the
          本地演示引擎 caption (bottom right), which an overlaid row covered and crossed */}
      <div className="flex items-center justify-between gap-2 bg-surface px-2.5 py-1.5">
        <span className="min-w-0 truncate text-xs text-gray-700" title={item.title === undefined ? undefined : kind}>
          {item.title ?? kind}
        </span>
        <Tag size="xs" tone={status.tone}>
          {status.label}
        </Tag>
      </div>
    </li>
  )
})
