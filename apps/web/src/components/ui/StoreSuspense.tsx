import { type ReactNode, Suspense } from "react"
import { Spinner } from "./Spinner"

/** A page whose store loads on first use (a suspending hook): a centred spinner until it has arrived. */
export function StoreSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-[50vh] items-center justify-center text-gray-400">
          <Spinner />
        </div>
      }
    >
      {children}
    </Suspense>
  )
}
