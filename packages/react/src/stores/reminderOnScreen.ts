import type { ReminderContent } from "@mido/core"
import { reminderContent } from "@mido/core/account"
import type { ReminderStore } from "./ReminderStore.js"
import type { SessionStore } from "./SessionStore.js"

/**
 * The reminder on screen: its title, text and buttons for this user (members and non-members differ,
 * RM6), or null. Apart from ReminderStore so that the wording rules (`@mido/core/account`) travel with
 * the dialog's chunk, not the first load (ADR 0031).
 */
export const reminderOnScreen = (reminders: ReminderStore, session: SessionStore): ReminderContent | null =>
  reminders.current === null ? null : reminderContent(reminders.current, session.isVip)
