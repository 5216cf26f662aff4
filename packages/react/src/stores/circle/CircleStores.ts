import type { ConfirmStore } from "../ConfirmStore.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { SessionStore } from "../SessionStore.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"
import { AssignmentStore } from "./AssignmentStore.js"
import { circleCalls } from "./circleCalls.js"
import { CircleDetailStore } from "./CircleDetailStore.js"
import { CircleFormStore } from "./CircleFormStore.js"
import { CirclesStore } from "./CirclesStore.js"
import { GroupStore } from "./GroupStore.js"

/**
 * The circle pages' stores (issue 17), made together on the first visit of any of them with
 * @mido/core/circle: they share its calls, and a page of one links to the others (a card to its
 * circle, a circle to its assignments). One registry line resets and disposes them all.
 */
export class CircleStores implements Store {
  readonly circles: CirclesStore
  readonly detail: CircleDetailStore
  readonly form: CircleFormStore
  readonly assignment: AssignmentStore
  readonly group: GroupStore

  constructor(runner: ServiceRunner, session: SessionStore, toasts: ToastStore, confirm: ConfirmStore) {
    const calls = circleCalls(runner)
    this.circles = new CirclesStore(runner, session, toasts, calls)
    this.detail = new CircleDetailStore(runner, session, toasts, confirm, calls)
    this.form = new CircleFormStore(runner, session, toasts, calls)
    this.assignment = new AssignmentStore(runner, session, toasts, calls)
    this.group = new GroupStore(runner, calls)
  }

  reset(): void {
    this.circles.reset()
    this.detail.reset()
    this.form.reset()
    this.assignment.reset()
    this.group.reset()
  }

  dispose(): void {
    this.assignment.dispose()
  }
}
