import { cleanup, configure } from "@testing-library/react"
import { afterEach } from "vitest"

// jsdom has no Web Animations API; Headless UI's transitions only ask which animations are running.
if (typeof Element.prototype.getAnimations !== "function") {
  Element.prototype.getAnimations = () => []
}

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup())

// Pages and overlays are lazy chunks: a test's first findBy… waits for a module to compile, which on a
// busy machine takes longer than Testing Library's default second.
configure({ asyncUtilTimeout: 15_000 })
