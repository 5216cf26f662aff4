/**
 * @mido/core/contract: the whole API contract of spec §7 as one table (`Api`, `allRoutes`), for the
 * reference server, the harness and the API docs. The browser entry leaves it out: each service
 * imports only the route parts it calls, so the web app never ships the routes it does not use
 * (bench/core-bundle-size.mjs, ADR 0005).
 */
export { allRoutes, Api, type ApiGroup } from "./api/routeTable.js"
