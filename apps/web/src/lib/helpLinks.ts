import { helpContactHref, helpLink } from "@mido/core/navigation"

/**
 * Where the help pages are (spec §3 help links): the core's help table, served as documents by the
 * server from the app origin (outside the SPA, so plain links that open a new tab). Components stay
 * prop-only (lint), so they take these addresses from here.
 */
export const HelpHrefs = {
  help: helpLink("help").path,
  about: helpLink("about").path,
  /** the help centre's contact section: the official account's name and how to find it in WeChat */
  officialAccount: helpContactHref(),
  userAgreement: helpLink("userAgreement").path,
  privacyPolicy: helpLink("privacyPolicy").path
} as const
