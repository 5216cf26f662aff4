/** The coupon texts of spec §5, verbatim (the unmatched "(" is the spec's own). */
export const CouponMessages = {
  emptyCode: "请输入优惠码!",
  noItem: "请选择购买项!",
  belowMinimum: (minimum: string) => `未达到指定金额(${minimum}，无法使用!`,
  pointsOnly: "该优惠码仅供购买积分使用!",
  planOnly: "该优惠码仅供购买套餐使用!",
  unknownScope: "未知优惠码作用范围!",
  used: "该优惠码已被使用!",
  expired: "该优惠码已过期!",
  unusable: "该优惠码无法使用!",
  checkFailed: "优惠码验证失败，请稍后重试!"
} as const
