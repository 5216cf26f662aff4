import { dailyPostRewardCap } from "../order/postReward.js"
import { matchRoute } from "../navigation/matchRoute.js"

/** FP2 (spec §2): the named routes on which the community feature prompt never shows. */
export const FEATURE_PROMPT_EXCLUDED_ROUTES: ReadonlyArray<string> = ["ActivityDetail", "SpecialFeature", "ActivityWorkDetail", "Invited"]

/** FP4 (spec §2): its button goes to the community. */
export const FEATURE_PROMPT_TARGET = "/community"

export interface FeaturePromptInput {
  /** The app config has loaded (spec §4: shown when config loads). */
  readonly configLoaded: boolean
  /** The persisted feature-prompt-show flag: closed or followed before (spec §3). */
  readonly dismissed: boolean
  /** The current path, without query. */
  readonly path: string
}

/**
 * FP1–FP2 (spec §2, §4): the prompt shows once the config has loaded, unless it was dismissed for
 * good or the current route is one of the excluded named routes (an unknown path is not excluded).
 */
export const featurePromptVisible = ({ configLoaded, dismissed, path }: FeaturePromptInput): boolean => {
  if (!configLoaded || dismissed) return false
  const name = matchRoute(path)?.route.name
  return name === undefined || !FEATURE_PROMPT_EXCLUDED_ROUTES.includes(name)
}

export interface FeaturePromptContent {
  readonly title: string
  readonly lead: string
  /** The reward lines, each with its bean amount; a reward the config does not give (0) is left out. */
  readonly rewards: ReadonlyArray<{ readonly label: string; readonly beans: number }>
  readonly action: string
}

/**
 * FP3 (spec §2, §9, OR6): the prompt's text from config points.first-post and points.daily-post; the
 * daily cap is their sum.
 */
export const featurePromptContent = (firstPostBeans: number, dailyPostBeans: number): FeaturePromptContent => {
  const cap = dailyPostRewardCap(firstPostBeans, dailyPostBeans)
  const first = dailyPostRewardCap(firstPostBeans, 0)
  const daily = dailyPostRewardCap(0, dailyPostBeans)
  const rewards = [
    { label: "首次发布作品奖励", beans: first },
    { label: "每日发布作品奖励", beans: daily },
    { label: "每日最多可得", beans: cap }
  ].filter((reward) => reward.beans > 0)
  return {
    title: "米豆设计社区上线啦",
    lead: "在设计社区分享你的 AI 作品，与创作者们交流灵感、结识同好，发布作品还能领取米豆奖励。",
    rewards,
    action: "去社区看看"
  }
}
