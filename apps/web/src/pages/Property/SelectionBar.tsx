import { usePropertyStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { Link } from "react-router-dom"
import { Button } from "../../components/ui/Button"
import { Icon } from "../../components/ui/Icon"
import { Popover } from "../../components/ui/Popover"

/** The bar of a selection: the count, 全选 of the loaded works, and the batch actions. */
export const SelectionBar = observer(function SelectionBar() {
  const property = usePropertyStore()
  const count = property.selectedCount
  const download = property.download

  useEffect(() => {
    if (count > 0 && property.groups === null) void property.loadGroups()
  }, [count, property])

  if (count === 0) return null
  return (
    <div role="region" aria-label="批量操作" className="sticky bottom-6 z-20 mx-auto mt-auto flex w-fit max-w-full flex-wrap items-center gap-2 rounded-xl bg-gray-900/95 px-4 py-2.5 text-white shadow-xl backdrop-blur">
      <span className="mr-2 text-sm whitespace-nowrap" data-testid="selection-count">
        已选 <strong className="font-semibold">{count}</strong> 项
      </span>
      <Button size="sm" variant="ghost" className="text-white enabled:hover:bg-white/10 enabled:hover:text-white" onClick={property.selectAllLoaded}>
        {property.allLoadedSelected ? "取消全选" : "全选"}
      </Button>
      <Button size="sm" variant="secondary" icon={<Icon name="download" size={16} />} loading={download !== null} onClick={() => void property.downloadSelected()}>
        {download === null ? "下载" : `打包中 ${download.done}/${download.total}`}
      </Button>
      <Popover
        placement="top"
        gap={10}
        triggerClassName="inline-flex h-8 items-center gap-1.5 rounded-sm bg-surface px-3 text-sm font-medium text-gray-800 hover:text-brand-700"
        panelClassName="w-64 p-1.5"
        trigger={
          <>
            <Icon name="folder" size={16} />
            加入作品集
          </>
        }
      >
        {(close) => (
          <div className="flex max-h-72 flex-col overflow-y-auto text-sm text-gray-800">
            {property.groups === null ? (
              <p className="px-3 py-2 text-gray-400">加载中…</p>
            ) : property.groups.length === 0 ? (
              <p className="px-3 py-2 text-gray-500">
                还没有作品集，
                <Link to="/personal" className="text-brand-600 hover:text-brand-500">
                  去个人中心创建
                </Link>
              </p>
            ) : (
              property.groups.map((group) => (
                <button
                  key={group.id}
                  type="button"
                  onClick={() => {
                    close()
                    void property.addSelectedToGroup(group)
                  }}
                  className="flex items-center justify-between gap-2 rounded-md px-3 py-2 text-left hover:bg-brand-50 hover:text-brand-700"
                >
                  <span className="truncate">{group.name}</span>
                  <span className="shrink-0 text-xs text-gray-400">{group.artwork_count} 个作品</span>
                </button>
              ))
            )}
          </div>
        )}
      </Popover>
      <Button size="sm" variant="danger" loading={property.deleting} onClick={() => void property.deleteSelected()}>
        删除
      </Button>
      <button type="button" aria-label="取消选择" onClick={property.clearSelection} className="ml-1 flex size-8 items-center justify-center rounded-md text-white/70 hover:bg-white/10 hover:text-white">
        <Icon name="close" size={16} />
      </button>
    </div>
  )
})
