import { usePropertyStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type FormEvent, useEffect, useState } from "react"
import { Icon } from "../../components/ui/Icon"
import { cx } from "../../components/ui/cx"

const SEARCH_DELAY_MS = 400

/** Type tabs with counts, a day range and the search over prompts; each change starts the list over. */
export const PropertyFilters = observer(function PropertyFilters() {
  const property = usePropertyStore()
  const { type, from = "", to = "", q = "" } = property.filter
  const [words, setWords] = useState(q)
  const total = property.types.reduce((sum, tab) => sum + tab.count, 0)

  // the search runs once typing pauses; Enter runs it at once
  useEffect(() => {
    const timer = setTimeout(() => void property.search(words), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [words, property])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void property.search(words)
  }

  const tab = (key: string, label: string, count: number | undefined, selected: boolean, onClick: () => void) => (
    <button
      key={key}
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      className={cx(
        "flex h-8 shrink-0 items-center gap-1.5 rounded-full px-3.5 text-sm transition-colors",
        selected ? "bg-brand-600 font-medium text-white" : "bg-surface text-gray-700 ring-1 ring-inset ring-line hover:text-brand-700 hover:ring-brand-300"
      )}
    >
      {label}
      {count === undefined ? null : <span className={cx("text-xs", selected ? "text-brand-100" : "text-gray-400")}>{count}</span>}
    </button>
  )

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-surface p-3 ring-1 ring-line">
      <div role="group" aria-label="作品类型" className="flex flex-wrap items-center gap-2">
        {tab("all", "全部", property.types.length > 0 ? total : undefined, type === undefined, () => void property.setType(undefined))}
        {property.types.map((each) => tab(each.type, each.name, each.count, type === each.type, () => void property.setType(each.type)))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex h-9 items-center gap-1.5 rounded-md px-2.5 text-sm text-gray-600 ring-1 ring-inset ring-line-strong">
          <span className="sr-only">开始日期</span>
          <input
            type="date"
            aria-label="开始日期"
            value={from}
            max={to || undefined}
            onChange={(event) => void property.setDays(event.target.value, to)}
            className="bg-transparent text-gray-800 outline-none"
          />
          <span className="text-gray-400">至</span>
          <input
            type="date"
            aria-label="结束日期"
            value={to}
            min={from || undefined}
            onChange={(event) => void property.setDays(from, event.target.value)}
            className="bg-transparent text-gray-800 outline-none"
          />
        </label>
        <form role="search" onSubmit={submit} className="flex h-9 w-64 items-center gap-2 rounded-md px-3 ring-1 ring-inset ring-line-strong focus-within:ring-2 focus-within:ring-brand-500">
          <Icon name="search" size={16} className="shrink-0 text-gray-400" />
          <input
            type="search"
            aria-label="搜索提示词"
            placeholder="搜索提示词或标题"
            maxLength={50}
            value={words}
            onChange={(event) => setWords(event.target.value)}
            className="min-w-0 flex-1 bg-transparent text-sm text-gray-800 outline-none placeholder:text-gray-400"
          />
        </form>
        {property.filtered ? (
          <button
            type="button"
            onClick={() => {
              setWords("")
              void property.clearFilters()
            }}
            className="h-9 rounded-md px-2 text-sm text-gray-500 hover:text-brand-700"
          >
            清除筛选
          </button>
        ) : null}
      </div>
    </div>
  )
})
