/** The reminder dialog's three kinds (spec §4, §9): 1 beans running low, 2 high daily use, 3 membership expiring. */
export type ReminderType = 1 | 2 | 3

export const reminderTypes: ReadonlyArray<ReminderType> = [1, 2, 3]

/** When each type was last shown, epoch ms, keyed by the type as text (the shape it is stored in). */
export type ReminderLastShown = Readonly<Partial<Record<`${ReminderType}`, number>>>
