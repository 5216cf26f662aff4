import type { HelpPageKey } from "@mido/core/navigation"
import type { HelpDocumentBuilder } from "./helpDocument.js"
import { about } from "./pages/about.js"
import { beanRules } from "./pages/beanRules.js"
import { communityRules } from "./pages/communityRules.js"
import { helpCenter } from "./pages/helpCenter.js"
import { inviteRules } from "./pages/inviteRules.js"
import { membershipAgreement } from "./pages/membershipAgreement.js"
import { privacyPolicy } from "./pages/privacyPolicy.js"
import { userAgreement } from "./pages/userAgreement.js"
import { withdrawal } from "./pages/withdrawal.js"

/** The content of every page of the core's help table; the type makes a new key without content fail to compile. */
export const helpDocuments: Readonly<Record<HelpPageKey, HelpDocumentBuilder>> = {
  help: helpCenter,
  userAgreement,
  privacyPolicy,
  beanRules,
  inviteRules,
  withdrawal,
  membershipAgreement,
  communityRules,
  about
}
