import { useConfigStore, useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { cx } from "../ui/cx"
import { Icon } from "../ui/Icon"
import { Popover } from "../ui/Popover"
import { Spinner } from "../ui/Spinner"

/** The tools bar's switcher (spec §2): the toolbox from config; a visitor is asked to log in first. */
export const ToolSwitcher = observer(function ToolSwitcher({ onNeedLogin }: { onNeedLogin: (path: string) => void }) {
  const config = useConfigStore()
  const session = useSessionStore()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  useEffect(() => {
    void config.loadTools()
  }, [config])
  const current = config.tools.find((tool) => tool.path === pathname)

  return (
    <Popover
      placement="bottom start"
      panelClassName="w-72"
      triggerClassName="flex h-9 items-center gap-2 rounded-md px-3 text-base font-medium text-gray-800 hover:bg-gray-100"
      trigger={
        <>
          <Icon name="grid" size={16} className="text-brand-600" />
          <span>{current?.name ?? "切换工具"}</span>
          <Icon name="chevron-down" size={14} className="text-gray-400" />
        </>
      }
    >
      {(close) =>
        config.tools.length === 0 ? (
          <div className="flex h-20 items-center justify-center text-sm text-gray-500">
            {config.toolsLoading ? <Spinner label="加载中" /> : "暂无可用工具"}
          </div>
        ) : (
          <ul aria-label="AI工具" className="max-h-96 overflow-y-auto">
            {config.tools.map((tool) => (
              <li key={tool.key}>
                <button
                  type="button"
                  onClick={() => {
                    close()
                    if (!session.isLoggedIn) onNeedLogin(tool.path)
                    else navigate(tool.path)
                  }}
                  className={cx(
                    "flex w-full items-center gap-3 rounded-md p-2 text-left hover:bg-gray-100",
                    tool.path === pathname && "bg-brand-50"
                  )}
                >
                  {tool.cover ? (
                    <img src={tool.cover} alt="" className="size-10 shrink-0 rounded-md bg-gray-100 object-cover" loading="lazy" />
                  ) : (
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-600">
                      <Icon name="wrench" size={18} />
                    </span>
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-base font-medium text-gray-900">{tool.name}</span>
                    <span className="block truncate text-xs text-gray-500">{tool.description}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      }
    </Popover>
  )
})
