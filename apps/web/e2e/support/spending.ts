import { callApi } from "./devServer"

/**
 * Spends beans the way a user does, through the task API: `times` quick drawings (4 beans an image,
 * twice with hd), each cancelled at once, so the ledger gets a charge and (for a task that had not
 * finished) a refund per drawing, and today's use (spec §3 today_consumed, gross) grows by the charges.
 * Answers the beans charged.
 */
export const spendOnDrawings = async (token: string, times: number, options: { num?: number; hd?: boolean } = {}): Promise<number> => {
  const styles = await callApi<{ list: Array<{ group: string; name: string }> }>("/api/v2/quick/styles", { token })
  const style = styles.list.find((item) => item.group === "default")
  if (style === undefined) throw new Error("no default quick style")
  let charged = 0
  for (let index = 0; index < times; index++) {
    const task = await callApi<{ id: string; cost: number }>("/api/v2/task/submit", {
      token,
      json: { type: "quick", num: options.num ?? 1, hd: options.hd ?? false, style_group: "default", style_name: style.name }
    })
    charged += task.cost
    await callApi("/api/v2/task/cancel", { token, json: { id: task.id } }).catch(() => undefined)
  }
  return charged
}
