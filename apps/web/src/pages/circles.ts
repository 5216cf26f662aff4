// the circle pages (issue 17: /community/circle, circle-list, circle-detail, circle-form,
// assignment-detail, group-detail) share one lazy chunk and the circle stores: one import in the
// route table keeps /list's first load within its budget (ADR 0007)
export { CircleDiscoverPage, CircleListPage } from "./Circle/CirclesPages"
export { CircleDetailPage } from "./Circle/CircleDetailPage"
export { CircleFormPage } from "./Circle/CircleFormPage"
export { AssignmentDetailPage } from "./Circle/AssignmentDetailPage"
export { GroupDetailPage } from "./Circle/GroupDetailPage"
