/**
 * @mido/core/contract: the whole API contract of spec §7: the route table (`Api`, `allRoutes`) and the
 * values of its schemas, for the reference server, the harness and the API docs. The main entry keeps
 * every schema's type (a browser app reads its saved values with StoredShapes, ADR 0032): each service
 * imports only the route parts it calls, so a web app never ships the routes
 * and schemas it does not use, and a consumer of the main entry pays for none of them
 * (bench/core-bundle-size.mjs, ADR 0005, ADR 0030).
 */
export { allRoutes, Api, type ApiGroup } from "./api/routeTable.js"
// the envelope every answer travels in (its codes and ok / fail are in the main entry too)
export { Envelope } from "./api/Envelope.js"
// the Idempotency-Key header of a paying call (R45) and a fresh key for it
export { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from "./services/idempotencyKey.js"

// the values of the contract's schemas (the main entry gives their types)
export * from "./api/schemas/Activity.js"
export * from "./api/schemas/AppConfig.js"
export * from "./api/schemas/Article.js"
export * from "./api/schemas/Artwork.js"
export * from "./api/schemas/ArtworkCard.js"
export * from "./api/schemas/ArtworkGroup.js"
export * from "./api/schemas/ArtworkParameters.js"
export * from "./api/schemas/ArtworkUpload.js"
export * from "./api/schemas/Assignment.js"
export * from "./api/schemas/Balance.js"
export * from "./api/schemas/Category.js"
export * from "./api/schemas/ChangePhone.js"
export * from "./api/schemas/Circle.js"
export * from "./api/schemas/Collect.js"
export * from "./api/schemas/Coupon.js"
export * from "./api/schemas/Follow.js"
export * from "./api/schemas/FollowUser.js"
export * from "./api/schemas/LedgerEntry.js"
export * from "./api/schemas/LibraryArtwork.js"
export * from "./api/schemas/LibraryQuery.js"
export * from "./api/schemas/Like.js"
export * from "./api/schemas/Login.js"
export * from "./api/schemas/MembershipPlan.js"
export * from "./api/schemas/Message.js"
export * from "./api/schemas/MessageContent.js"
export * from "./api/schemas/Order.js"
export * from "./api/schemas/Phone.js"
export * from "./api/schemas/PointsPackage.js"
export * from "./api/schemas/QrNonce.js"
export * from "./api/schemas/Post.js"
export * from "./api/schemas/Profile.js"
export * from "./api/schemas/ProfileSetting.js"
export * from "./api/schemas/SdModelInfo.js"
export * from "./api/schemas/SpecialTopic.js"
export * from "./api/schemas/Stat.js"
export * from "./api/schemas/QuickPresets.js"
export * from "./api/schemas/TaskPoints.js"
export * from "./api/schemas/Tool.js"
export * from "./api/schemas/UnreadCounts.js"
export * from "./api/schemas/UserBrief.js"
export * from "./api/schemas/UserEdit.js"
export * from "./api/schemas/UserInfo.js"
export * from "./api/schemas/WechatQr.js"
export * from "./api/schemas/Yuan.js"
export * from "./api/schemas/common.js"
export * from "./api/schemas/textFields.js"
