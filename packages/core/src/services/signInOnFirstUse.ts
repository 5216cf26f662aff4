import type { signInRoutes } from "../api/routes/login/signInRoutes.js"
import { onFirstUse } from "./onFirstUse.js"

/**
 * The sign-in calls' routes and schemas (captcha, SMS codes, phone login, WeChat QR and its phone
 * binding), fetched when a sign-in first needs them rather than with the app (ADR 0029): /list's first
 * paint reads the session but signs nobody in. A failed fetch is onFirstUse's NetworkError
 * ("code:SignIn", 网络异常), which every sign-in call's error type already has. Listed in the manifest's
 * `eagerInPackage`: the packed package resolves the import at once (scripts/build-package.mjs).
 */
export const signInOnFirstUse = onFirstUse<typeof signInRoutes>("SignIn", () =>
  import("../api/routes/login/signInRoutes.js").then((code) => code.signInRoutes))
