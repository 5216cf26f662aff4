import { cleanup } from "@testing-library/react"
import { afterEach } from "vitest"

// jsdom has no Web Animations API; Headless UI's transitions only ask which animations are running.
if (typeof Element.prototype.getAnimations !== "function") {
  Element.prototype.getAnimations = () => []
}

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup())
