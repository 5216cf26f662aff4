import { useConfigStore, useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type MouseEvent, useEffect, useState } from "react"
import { Link } from "react-router-dom"
import { LoginPromptDialog } from "../../components/layout/LoginPromptDialog"
import { Button } from "../../components/ui/Button"
import { EmptyState } from "../../components/ui/EmptyState"
import { Icon } from "../../components/ui/Icon"
import { Skeleton } from "../../components/ui/Skeleton"
import { type ToolCard, toolGroupsOf } from "./toolGroups"

/**
 * /tools-panel, AI工具箱 (spec §2): the tools from config in groups, each card a link to its tool; a visitor's
 * click asks to log in before a tool opens.
 */
export const ToolsPanelPage = observer(function ToolsPanelPage() {
  const config = useConfigStore()
  const session = useSessionStore()
  const [loginFor, setLoginFor] = useState<string | null>(null)
  useEffect(() => {
    void config.loadTools()
  }, [config])
  // a card is a link, so middle-click and open-in-new-tab work; a visitor's plain click asks to log in first
  const open = (event: MouseEvent<HTMLAnchorElement>, tool: ToolCard) => {
    const plain = event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey
    if (session.isLoggedIn || !plain) return
    event.preventDefault()
    setLoginFor(tool.path)
  }
  const groups = toolGroupsOf(config.tools)
  return (
    <section aria-label="AI工具箱" className="mx-auto w-full max-w-[1440px]">
      <header className="mb-6 flex items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-gray-900">AI工具箱</h1>
          <p className="mt-1 text-sm text-gray-500">上传一张图片，一键高清、抠图、去水印、消除、换风格</p>
        </div>
      </header>
      {config.tools.length === 0 ? (
        config.toolsLoading || !config.toolsLoaded ? (
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-3" aria-busy="true">
            {[0, 1, 2, 3].map((index) => <Skeleton key={index} className="h-60 rounded-xl" />)}
          </div>
        ) : (
          <EmptyState title="暂无可用工具" description="工具列表没有加载出来" action={<Button variant="secondary" onClick={() => void config.loadTools(true)}>重试</Button>} />
        )
      ) : (
        <div className="flex flex-col gap-8">
          {groups.map((group) => (
            <section key={group.name} aria-label={group.name} data-testid="tool-group">
              <h2 className="mb-3 text-lg font-semibold text-gray-900">{group.name}</h2>
              <ul className="grid grid-cols-2 gap-4 lg:grid-cols-3">
                {group.tools.map((tool) => (
                  <li key={tool.key}>
                    <Link
                      to={tool.path}
                      data-testid="tool-card"
                      data-key={tool.key}
                      onClick={(event) => open(event, tool)}
                      className="group flex w-full flex-col overflow-hidden rounded-xl border border-line bg-surface text-left transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
                    >
                      <span className="block aspect-[21/9] w-full overflow-hidden bg-brand-50">
                        {tool.cover ? (
                          <img src={tool.cover} alt="" loading="lazy" className="size-full object-cover transition group-hover:scale-105" />
                        ) : (
                          <span className="flex size-full items-center justify-center text-brand-600"><Icon name="wrench" size={32} /></span>
                        )}
                      </span>
                      <span className="flex items-center gap-2 px-4 pt-3 text-base font-semibold text-gray-900">
                        {tool.name}
                        <Icon name="chevron-right" size={16} className="ml-auto text-gray-400 group-hover:text-brand-600" />
                      </span>
                      <span className="px-4 pt-1 pb-4 text-sm text-gray-500">{tool.description}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <LoginPromptDialog open={loginFor !== null} onClose={() => setLoginFor(null)} target={loginFor ?? undefined} />
    </section>
  )
})
