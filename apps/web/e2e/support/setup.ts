import { afterAll, afterEach, beforeEach } from "vitest"
import { disconnectBrowser, pageErrors } from "./browser"

// Runs in every e2e test file (vitest setupFiles).
beforeEach(() => {
  pageErrors.length = 0
})

// A crash in the page is a failure even when the assertions happened to pass.
afterEach(() => {
  if (pageErrors.length > 0) throw new Error(`uncaught errors in the page:\n${pageErrors.join("\n")}`)
})

afterAll(disconnectBrowser)
