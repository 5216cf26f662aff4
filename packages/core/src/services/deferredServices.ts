import { Artworks, artworksMembers } from "./Artworks.js"
import { Checkout, checkoutMembers } from "./Checkout.js"
import { deferredService } from "./deferredService.js"
import { Downloads, downloadsMembers } from "./Downloads.js"
import { People, peopleMembers } from "./People.js"
import { Library, libraryMembers } from "./Library.js"
import { Reminders, remindersMembers } from "./Reminders.js"
import { Uploads, uploadsMembers } from "./Uploads.js"

// The services whose code is fetched on first use, out of the web app's first load (issue 5): one line
// each. Their members answer as X.ts plans them (xMembers) until the code is there.
// The loaders import the implementations through one module (deferredImplementations.ts), so bundlers
// emit one lazy chunk for all of them: see there why.

export const CheckoutLive = deferredService(Checkout, checkoutMembers, () => import("./deferredImplementations.js").then((code) => code.checkout))
export const UploadsLive = deferredService(Uploads, uploadsMembers, () => import("./deferredImplementations.js").then((code) => code.uploads))
export const ArtworksLive = deferredService(Artworks, artworksMembers, () => import("./deferredImplementations.js").then((code) => code.artworks))
export const DownloadsLive = deferredService(Downloads, downloadsMembers, () => import("./deferredImplementations.js").then((code) => code.downloads))
export const PeopleLive = deferredService(People, peopleMembers, () => import("./deferredImplementations.js").then((code) => code.people))
export const LibraryLive = deferredService(Library, libraryMembers, () => import("./deferredImplementations.js").then((code) => code.library))
export const RemindersLive = deferredService(Reminders, remindersMembers, () => import("./deferredImplementations.js").then((code) => code.reminders))
