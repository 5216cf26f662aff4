import { Button } from "../../../components/ui/Button"

/** 上一页 / 下一页 with where the operator is; hidden when everything fits on one page. */
export function Pager({ page, pageCount, total, onPage }: { page: number; pageCount: number; total: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="分页" className="flex items-center justify-end gap-3 text-sm text-gray-600">
      <span>共 {total} 条，第 {page}/{pageCount} 页</span>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>上一页</Button>
      <Button size="sm" variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>下一页</Button>
    </nav>
  )
}
