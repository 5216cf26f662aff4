/**
 * @mido/core/activity: the activity and special-topic pages' rules and calls (issue 17: /activity/*,
 * /community/special-topic): status, countdown and dates (AC1–AC3), who may hand in what (AC4–AC5),
 * the current activity (AC6) and makeActivitiesService. An entry of its own because the main entry is
 * at its budget (docs/adr/0005) and only those pages' lazy chunks need it. Names exported here are
 * exported from no other entry (docs/spec/activity.md).
 */
export {
  ACTIVITY_STATUS_TEXT,
  type ActivityPhase,
  activityCountdown,
  activityDatesText,
  activityStatusAt,
  countdownText,
  currentActivity,
  entryBlocker,
  submitBlocker
} from "./domain/activity/activityRules.js"
export { type ActivitiesShape, makeActivitiesService, type SpecialTopicPage } from "./services/Activities.js"
