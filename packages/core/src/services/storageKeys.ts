/**
 * Every key the app keeps in client storage (spec §3 local persistence), in one place so that logout
 * and tests know exactly what is stored. R10: nothing sensitive but the token; the phone is masked.
 */
export const StorageKeys = {
  auth: "mido.auth",
  user: "mido.user",
  config: "mido.config",
  sidebar: "mido.sidebar",
  work: "mido.work",
  inviteCode: "invite_code",
  readFixedMessage: "isReadFixedMessage",
  featurePromptShown: "feature-prompt-show",
  remindersShown: "mido.reminders",
  /** NV7: "true" once /list?source=H5 was opened; phones then stay on this site. Read by the app's guard. */
  h5Flag: "mido.h5"
} as const
