// the two invite pages (/invite-info, /invited) share one lazy chunk and one InviteStore: one import in
// the route table instead of two keeps /list's first load within its budget (ADR 0007)
export { InviteInfoPage } from "./InviteInfo/InviteInfoPage"
export { InvitedPage } from "./Invited/InvitedPage"
