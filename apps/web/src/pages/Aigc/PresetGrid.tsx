import { cx } from "../../components/ui/cx"

export type PresetItem = {
  readonly key: string
  readonly name: string
  readonly cover: string
  readonly description?: string | undefined
  /** Why this choice does not fit the rest of the form now (GV12: 不支持角色参考), shown on its cover. */
  readonly note?: string | null | undefined
}

/** Covers with names to choose one from (quick styles, MJ versions), the chosen one ringed; a choice that conflicts carries its note. */
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
            title={item.note ?? item.description}
            data-note={item.note ?? undefined}
            onClick={() => onSelect(item.key)}
            className={cx("group block w-full overflow-hidden rounded-md ring-2 transition", item.key === selected ? "ring-brand-500" : "ring-transparent hover:ring-brand-200")}
          >
            <span className="relative block aspect-square bg-gray-100">
              <img src={item.cover} alt="" loading="lazy" className={cx("size-full object-cover", item.note != null && "opacity-60 grayscale-[40%]")} />
              {item.note != null ? (
                <span className="absolute inset-x-1 top-1 truncate rounded-sm bg-danger-600/90 px-1 py-0.5 text-center text-[11px] leading-4 font-medium text-white">{item.note}</span>
              ) : null}
              <span className="absolute inset-x-0 bottom-0 truncate bg-gradient-to-t from-black/70 to-transparent px-1.5 pt-4 pb-1 text-left text-xs font-medium text-white">{item.name}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}
