import { type ReactNode } from "react"

/** A labelled block of the side panel. */
export function DetailSection({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-gray-900">{title}</h3>
        {aside}
      </div>
      {children}
    </section>
  )
}
