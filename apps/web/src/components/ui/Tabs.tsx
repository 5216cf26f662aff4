import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react"
import { type ReactNode } from "react"
import { cx } from "./cx"

export type TabItem = {
  key: string
  label: ReactNode
  /** Small trailing content on the tab, e.g. a count Badge. */
  extra?: ReactNode
  content: ReactNode
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
  className?: string
  panelClassName?: string
}

const TAB: Record<NonNullable<TabsProps["variant"]>, string> = {
  line: cx(
    "relative -mb-px flex h-11 items-center gap-1.5 border-b-2 border-transparent px-1 text-base text-gray-600",
    "data-hover:text-gray-900 data-selected:border-brand-600 data-selected:font-medium data-selected:text-brand-700"
  ),
  pill: cx(
    "flex h-8 items-center gap-1.5 rounded-sm px-3.5 text-sm text-gray-600",
    "data-hover:text-gray-900 data-selected:bg-surface data-selected:font-medium data-selected:text-brand-700 data-selected:shadow-sm"
  )
}

/** Tabs on headlessui's TabGroup: arrow keys move between tabs, panels are labelled by their tab. */
export function Tabs({
  items,
  selectedIndex,
  defaultIndex,
  onChange,
  variant = "line",
  className,
  panelClassName
}: TabsProps) {
  return (
    <TabGroup selectedIndex={selectedIndex} defaultIndex={defaultIndex} onChange={onChange} className={className}>
      <TabList
        className={cx(
          "flex",
          variant === "line" ? "gap-6 border-b border-line" : "inline-flex gap-1 rounded-md bg-gray-100 p-1"
        )}
      >
        {items.map((item) => (
          <Tab
            key={item.key}
            disabled={item.disabled}
            className={cx(
              "shrink-0 whitespace-nowrap outline-none transition-colors duration-150",
              "data-focus:outline-2 data-focus:outline-brand-500 data-disabled:cursor-not-allowed data-disabled:opacity-40",
              TAB[variant]
            )}
          >
            {item.label}
            {item.extra}
          </Tab>
        ))}
      </TabList>
      <TabPanels className={cx("pt-4", panelClassName)}>
        {items.map((item) => (
          <TabPanel key={item.key} className="outline-none">
            {item.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  )
}
