import { ConfigKeys } from "../appConfig/appConfig.js"

/**
 * What each app_config value may be (the keys of appConfig.ts ConfigKeys and the tool prices): bean
 * amounts and limits are whole numbers, the member rate a rate in (0, 1], the WeCom QR an https address
 * or an image data URL. A key without a rule takes one to ten texts of at most 500 characters.
 * Answers the operator's message, or undefined when the value is good.
 */
const whole = (max: number) => (values: ReadonlyArray<string>) =>
  values.length === 1 && /^\d{1,9}$/.test(values[0]!) && Number(values[0]) <= max ? undefined : `须为 0–${max} 之间的整数`

const RULES: ReadonlyArray<readonly [RegExp, (values: ReadonlyArray<string>) => string | undefined]> = [
  [new RegExp(`^${ConfigKeys.taskMemberRate.replaceAll(".", "\\.")}$`), (values) =>
    values.length === 1 && /^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(values[0]!) && Number(values[0]) > 0 ? undefined : "须为 0 到 1 之间的小数（如 0.8）"],
  [/^points\.task\.hd-multiplier$/, (values) => (values.length === 1 && /^\d{1,3}(\.\d{1,2})?$/.test(values[0]!) && Number(values[0]) >= 1 ? undefined : "须为不小于 1 的数")],
  [/^generation\.max-(running|queued)$/, (values) => (values.length === 1 && /^\d{1,3}$/.test(values[0]!) && Number(values[0]) >= 1 ? undefined : "须为 1–999 之间的整数")],
  [/^(points|config\.member)\./, whole(10_000_000)],
  [new RegExp(`^${ConfigKeys.wecomQrcode.replaceAll(".", "\\.")}$`), (values) =>
    values.length === 1 && /^(https:\/\/\S{1,500}|data:image\/(png|jpeg|svg\+xml)[;,]\S+)$/.test(values[0]!) ? undefined : "须为 https 图片地址或图片 data URL"]
]

export const validConfigValue = (key: string, values: ReadonlyArray<string>): string | undefined => {
  const rule = RULES.find(([pattern]) => pattern.test(key))
  const problem = rule === undefined
    ? (values.length >= 1 && values.length <= 10 && values.every((value) => value.length <= 500) ? undefined : "须为 1–10 项，每项不超过 500 字")
    : rule[1](values)
  return problem === undefined ? undefined : `${key}：${problem}`
}
