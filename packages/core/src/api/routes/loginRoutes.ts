import { bindingRoutes } from "./login/bindingRoutes.js"
import { sessionRoutes } from "./login/sessionRoutes.js"
import { signInRoutes } from "./login/signInRoutes.js"

/**
 * Spec §7 "Login", plus the captcha the SMS sends need. Every SMS send is rate-limited per phone and IP (R2).
 * Session imports only the sign-in part (login/…), so the first load leaves out the binding calls.
 */
export const loginRoutes = {
  ...signInRoutes,
  ...sessionRoutes,
  ...bindingRoutes
} as const
