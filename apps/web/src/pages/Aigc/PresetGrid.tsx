import { cx } from "../../components/ui/cx"

export type PresetItem = { readonly key: string; readonly name: string; readonly cover: string; readonly description?: string | undefined }

/** Covers with names to choose one from (quick styles, MJ versions), the chosen one ringed. */
export function PresetGrid({ items, selected, onSelect, columns = 3, testId }: {
  items: ReadonlyArray<PresetItem>
  selected: string | null
  onSelect: (key: string) => void
  columns?: 3 | 4
  testId?: string
}) {
  if (items.length === 0) return <div className="h-24 animate-pulse rounded-md bg-gray-100" />
  return (
    <ul className={cx("grid gap-2", columns === 3 ? "grid-cols-3" : "grid-cols-4")} data-testid={testId}>
      {items.map((item) => (
        <li key={item.key}>
          <button
            type="button"
            aria-pressed={item.key === selected}
            title={item.description}
            onClick={() => onSelect(item.key)}
            className={cx("group block w-full overflow-hidden rounded-md ring-2 transition", item.key === selected ? "ring-brand-500" : "ring-transparent hover:ring-brand-200")}
          >
            <span className="relative block aspect-square bg-gray-100">
              <img src={item.cover} alt="" loading="lazy" className="size-full object-cover" />
              <span className="absolute inset-x-0 bottom-0 truncate bg-gradient-to-t from-black/70 to-transparent px-1.5 pt-4 pb-1 text-left text-xs font-medium text-white">{item.name}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}
