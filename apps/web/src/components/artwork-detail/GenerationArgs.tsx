import { DetailSection } from "./DetailSection"

/** The arguments' Chinese labels by key (spec §3 sd args); an unknown key shows the server's title. */
const LABELS: Readonly<Record<string, string>> = {
  steps: "迭代步数",
  sampler: "采样方法",
  schedule_type: "调度类型",
  cfg_scale: "提示词引导系数",
  size: "尺寸",
  seed: "随机种子"
}

type Arg = { readonly key: string; readonly title: string; readonly value: string | number }

/** Steps, sampler, schedule type, CFG, size and seed of an sd artwork, labelled in Chinese. */
export function GenerationArgs({ args }: { args: ReadonlyArray<Arg> }) {
  if (args.length === 0) return null
  return (
    <DetailSection title="生成参数">
      <dl className="grid grid-cols-2 gap-2" data-testid="generation-args">
        {args.map((arg) => (
          <div key={arg.key} className="min-w-0 rounded-lg bg-gray-50 px-3 py-2">
            <dt className="text-xs text-gray-500">{LABELS[arg.key] ?? arg.title}</dt>
            <dd className="truncate text-sm font-medium text-gray-900" title={String(arg.value)}>{String(arg.value)}</dd>
          </div>
        ))}
      </dl>
    </DetailSection>
  )
}
