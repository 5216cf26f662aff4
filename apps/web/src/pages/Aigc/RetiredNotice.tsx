import { Icon } from "../../components/ui/Icon"

/** SD10–SD11: a same-style preset that is gone, named (原风格「…」已下架，请重新选择). */
export function RetiredNotice({ text, testId }: { text: string; testId: string }) {
  return (
    <p className="flex items-start gap-1.5 rounded-md bg-warning-50 px-2.5 py-2 text-xs leading-5 text-warning-700 ring-1 ring-warning-500/30 ring-inset" role="status" data-testid={testId}>
      <Icon name="alert-triangle" size={14} className="mt-0.5 shrink-0" />
      {text}
    </p>
  )
}
