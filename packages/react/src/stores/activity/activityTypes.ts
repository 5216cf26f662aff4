/** The activity and special-topic pages' shapes, for the pages (which read the core only through @mido/react). */
export type { Activity, ActivityStatus, ActivityWork, ArticleSummary, SpecialTopic, SpecialTopicItem } from "@mido/core"
