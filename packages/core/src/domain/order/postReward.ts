/**
 * OR6 (spec §2 feature prompt, §9): a day's post rewards are capped at the first-post reward plus
 * the daily-post reward, both whole beans read from config. Bad or negative values count as 0.
 */
export const dailyPostRewardCap = (firstPostBeans: number, dailyPostBeans: number): number => {
  const beans = (value: number) => (Number.isSafeInteger(value) && value > 0 ? value : 0)
  return beans(firstPostBeans) + beans(dailyPostBeans)
}
