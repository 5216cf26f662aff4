import { checkoutRoutes } from "./commerce/checkoutRoutes.js"
import { configRoutes } from "./commerce/configRoutes.js"
import { taskPointsRoutes } from "./commerce/taskPointsRoutes.js"

/**
 * Spec §7 "Config and commerce". Prices are the server's (R22); the client's coupon figure is display only.
 * Services import the part they call (commerce/…), so Config's start-up calls do not bring Checkout's.
 */
export const commerceRoutes = {
  ...configRoutes,
  ...checkoutRoutes,
  ...taskPointsRoutes
} as const
