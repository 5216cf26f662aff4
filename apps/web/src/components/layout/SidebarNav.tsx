import { NavLink } from "react-router-dom"
import { cx } from "../ui/cx"
import { Icon } from "../ui/Icon"
import { Tag } from "../ui/Tag"
import { COPYRIGHT, FOOTER_LINKS, ICP_LINE, ICP_URL, NAV_GROUPS } from "./navigation"

/** The sidebar's content: the navigation groups and the footer; `onNavigate` closes an overlay. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="flex h-full flex-col">
      <nav aria-label="主导航" className="flex-1 space-y-5 overflow-y-auto px-3 py-4">
        {NAV_GROUPS.map((group) => (
          <section key={group.title} aria-label={group.title}>
            <h2 className="mb-1.5 px-3 text-xs font-medium text-gray-400">{group.title}</h2>
            <ul className="space-y-0.5">
              {group.items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      cx(
                        "flex h-10 items-center gap-3 rounded-md px-3 text-base transition-colors",
                        isActive ? "bg-brand-50 font-medium text-brand-700" : "text-gray-700 hover:bg-gray-100 hover:text-gray-900"
                      )
                    }
                  >
                    <Icon name={item.icon} size={18} className="shrink-0" />
                    <span className="flex-1 truncate">{item.label}</span>
                    {item.tag ? (
                      <Tag tone={item.tag === "现金奖励" ? "hot" : "brand"} size="xs">
                        {item.tag}
                      </Tag>
                    ) : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <footer className="border-t border-line px-6 py-4 text-xs text-gray-500">
        <ul className="flex flex-wrap gap-x-3 gap-y-1">
          {FOOTER_LINKS.map((link) => (
            <li key={link.label}>
              <a href={link.href} target="_blank" rel="noreferrer" className="hover:text-brand-600">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-2">{COPYRIGHT}</p>
        <a href={ICP_URL} target="_blank" rel="noreferrer" className="mt-0.5 block hover:text-brand-600">
          {ICP_LINE}
        </a>
      </footer>
    </div>
  )
}
