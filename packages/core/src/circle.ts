/**
 * @mido/core/circle: the circle pages' rules and calls (issue 17: /community/circle, circle-list,
 * circle-detail, circle-form, assignment-detail, group-detail): the assignment countdown (CI1), the
 * membership button (CI2), the circle form's input (CI3) and makeCirclesService. An entry of its own
 * because the main entry is at its budget (docs/adr/0005) and only those pages' lazy chunks need it.
 * Names exported here are exported from no other entry (docs/spec/circle.md).
 */
export { type AssignmentDeadline, assignmentDeadline } from "./domain/circle/assignmentDeadline.js"
export { type CircleAction, circleAction, CircleFormMessages, circleFormInput, type CircleFormValues } from "./domain/circle/circleMembership.js"
export { type CircleScope, type CirclesShape, type GroupPage, makeCirclesService } from "./services/Circles.js"
