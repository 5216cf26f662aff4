import { usePagedList, usePropertyStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { PropertyFilters } from "./PropertyFilters"
import { PropertyGrid } from "./PropertyGrid"
import { SelectionBar } from "./SelectionBar"
import { UploadButton } from "./UploadButton"

/** /property, the asset library (login required): the viewer's generated and uploaded images. */
export function PropertyPage() {
  return (
    <StoreSuspense>
      <PropertyView />
    </StoreSuspense>
  )
}

const PropertyView = observer(function PropertyView() {
  const property = usePropertyStore()
  const view = usePagedList(property.list)
  useEffect(() => {
    void property.loadTypes()
  }, [property])
  return (
    <section aria-label="资产库" className="mx-auto flex min-h-[calc(100dvh-var(--spacing-topbar)-3.5rem)] w-full max-w-[1680px] flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-gray-900">资产库</h1>
          <p className="mt-1 text-sm text-gray-500">
            我生成和上传的图片{view.total === undefined ? "" : ` · 共 ${view.total} 张`}
            {view.items.length > 0 ? <span className="ml-2 text-gray-400">勾选作品可批量操作，按住 Shift 连续选择</span> : null}
          </p>
        </div>
        <UploadButton />
      </header>
      <PropertyFilters />
      <PropertyGrid view={view} />
      <SelectionBar />
    </section>
  )
})
