import { Spinner } from "../components/ui/Spinner"

/** Shown while a lazily loaded route's code arrives (also on the first load of a deep link). */
export function RouteFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-brand-600">
      <Spinner size={28} label="加载中" />
    </div>
  )
}
