/**
 * The code of the services that load on first use (Checkout, Uploads, Artworks, Downloads): the one
 * module their facades `import()`, so bundlers emit it as one lazy chunk, fetched the first time any of
 * them is used. One chunk rather than one per service: when several lazy chunks share modules with the
 * web app's first load, Rolldown (Vite 8) splits that first load into many small files, and the lost
 * compression costs more than the services weigh (measured with bench/web-first-load.mjs).
 * Keep what these modules import either used by the first load too or reached only through here:
 * a module the first load reaches but tree-shakes (e.g. effect's `Random`) has the same splitting effect.
 */
export { makeArtworks } from "./artworksImplementation.js"
export { makeCheckout } from "./checkoutImplementation.js"
export { makeDownloads } from "./downloadsImplementation.js"
export { makeUploads } from "./uploadsImplementation.js"
