import { Schema } from "effect"
import { Beans } from "./Balance.js"
import { Id } from "./common.js"
import { Yuan } from "./Yuan.js"

/** One bean top-up package (spec §3 points package). */
export const PointsPackage = Schema.Struct({
  id: Id,
  points: Beans.pipe(Schema.positive()).annotations({ description: "beans credited on payment" }),
  price: Yuan,
  bonus: Schema.optional(Beans).annotations({ description: "extra beans given on top of points, shown as 加赠" })
})
export type PointsPackage = typeof PointsPackage.Type

/** GET /api/v1/open/config/points_package/list (shape not shown in the spec; data.list as elsewhere). */
export const PointsPackageList = Schema.Struct({ list: Schema.Array(PointsPackage) })
export type PointsPackageList = typeof PointsPackageList.Type
