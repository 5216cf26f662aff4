import { type ReactNode } from "react"

/** One block of the style guide: an anchor-able card with a title and a short note. */
export function Section({ id, title, note, children }: { id: string; title: string; note?: string; children: ReactNode }) {
  return (
    <section id={id} className="scroll-mt-24 rounded-xl bg-surface p-6 shadow-xs ring-1 ring-line lg:p-8">
      <header className="mb-6">
        <h2 className="text-xl font-semibold text-gray-900">{title}</h2>
        {note ? <p className="mt-1 text-sm text-gray-500">{note}</p> : null}
      </header>
      <div className="flex flex-col gap-6">{children}</div>
    </section>
  )
}

/** A labelled row of examples that wraps on narrow widths. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-3 md:grid-cols-[112px_1fr] md:items-center md:gap-6">
      <div className="text-sm text-gray-500">{label}</div>
      <div className="flex min-w-0 flex-wrap items-center gap-3">{children}</div>
    </div>
  )
}
