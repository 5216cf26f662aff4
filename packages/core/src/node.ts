/**
 * @mido/core/node: adapters that need Node.js (files on disk), for the harness and the server. Kept out
 * of the browser entry so that the web app never bundles `node:*` modules.
 */
export { FileKeyValueStoreLayer, makeFileKeyValueStore } from "./adapters/node/FileKeyValueStore.js"
export { DirectoryFileSaverLayer, makeDirectoryFileSaver } from "./adapters/node/DirectoryFileSaver.js"
