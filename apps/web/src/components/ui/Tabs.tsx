import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react"
import { type MouseEvent, type ReactNode } from "react"
import { cx } from "./cx"

export type TabItem = {
  key: string
  label: ReactNode
  /** Small trailing content on the tab, e.g. a count Badge. */
  extra?: ReactNode
  /**
   * The tab's panel. Leave it out on every item for a tab bar that only switches (the owner shows the
   * content, e.g. a list its store refills): then no panels are rendered.
   */
  content?: ReactNode
  disabled?: boolean
}

export type TabsProps = {
  items: ReadonlyArray<TabItem>
  /** Controlled selection by index; leave out for uncontrolled tabs. */
  selectedIndex?: number
  defaultIndex?: number
  onChange?: (index: number) => void
  /** "line": underlined, for page sections and drawers. "pill": segmented, for compact switches. */
  variant?: "line" | "pill"
  /**
   * Pill sizes: "sm" 28 px (a filter inside a dialog, 米豆明细), "md" 32 px, "lg" 36 px with base text and a
   * neutral selected label (a dialog's main switch, 会员套餐 | 米豆套餐). The line variant has one size.
   */
  size?: "sm" | "md" | "lg"
  /**
   * A click on the tab already selected calls onChange again (headlessui calls it only for another
   * tab): for a switch whose click restarts something, e.g. the purchase dialog's tabs (OR3).
   */
  reselect?: boolean
  /**
   * Arrow keys only move the focus; Enter or Space selects. For tabs whose selection can do more than
   * switch (a visitor's 关注 opens the login prompt), so passing over one with the arrows does nothing.
   */
  manual?: boolean
  /** Accessible name of the tab list (e.g. 消息类型). */
  label?: string
  className?: string
  /** Extra classes of the tab list (padding, shrink). */
  listClassName?: string
  panelClassName?: string
}

type Size = NonNullable<TabsProps["size"]>

const LINE_TAB = cx(
  "relative -mb-px flex h-11 items-center gap-1.5 border-b-2 border-transparent px-1 text-base text-gray-600",
  "data-hover:text-gray-900 data-selected:border-brand-600 data-selected:font-medium data-selected:text-brand-700"
)

const PILL_TAB: Record<Size, string> = {
  sm: "h-7 rounded-sm px-3.5 text-sm data-selected:text-brand-700 data-selected:shadow-sm",
  md: "h-8 rounded-sm px-3.5 text-sm data-selected:text-brand-700 data-selected:shadow-sm",
  lg: "h-9 rounded-md px-5 text-base data-selected:text-gray-900 data-selected:shadow-xs"
}

const PILL_LIST: Record<Size, string> = {
  sm: "gap-1 rounded-md",
  md: "gap-1 rounded-md",
  lg: "rounded-lg"
}

/** Tabs on headlessui's TabGroup: arrow keys move between tabs, panels are labelled by their tab. */
export function Tabs({
  items,
  selectedIndex,
  defaultIndex,
  onChange,
  variant = "line",
  size = "md",
  reselect = false,
  manual = false,
  label,
  className,
  listClassName,
  panelClassName
}: TabsProps) {
  const withPanels = items.some((item) => item.content !== undefined)
  return (
    <TabGroup selectedIndex={selectedIndex} defaultIndex={defaultIndex} onChange={onChange} manual={manual} className={className}>
      <TabList
        aria-label={label}
        className={cx(
          "flex",
          variant === "line" ? "gap-6 border-b border-line" : cx("inline-flex bg-gray-100 p-1", PILL_LIST[size]),
          listClassName
        )}
      >
        {items.map((item, index) => (
          <Tab
            key={item.key}
            disabled={item.disabled}
            onClick={
              reselect
                ? (event: MouseEvent<HTMLButtonElement>) => {
                  // read before React re-renders: "true" only when this tab was already the selected one
                  if (event.currentTarget.getAttribute("aria-selected") === "true") onChange?.(index)
                }
                : undefined
            }
            className={cx(
              "shrink-0 whitespace-nowrap outline-none transition-colors duration-150",
              "data-focus:outline-2 data-focus:outline-brand-500 data-disabled:cursor-not-allowed data-disabled:opacity-40",
              variant === "line"
                ? LINE_TAB
                : cx(
                  "flex items-center gap-1.5 text-gray-600 data-hover:text-gray-900 data-selected:bg-surface data-selected:font-medium",
                  PILL_TAB[size]
                )
            )}
          >
            {item.label}
            {item.extra}
          </Tab>
        ))}
      </TabList>
      {withPanels ? (
        <TabPanels className={cx("pt-4", panelClassName)}>
          {items.map((item) => (
            <TabPanel key={item.key} className="outline-none">
              {item.content}
            </TabPanel>
          ))}
        </TabPanels>
      ) : null}
    </TabGroup>
  )
}
