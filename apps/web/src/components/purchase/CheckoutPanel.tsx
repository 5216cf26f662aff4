import type { CheckoutStore, PayMethod } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Button } from "../ui/Button"
import { cx } from "../ui/cx"
import { SegmentedControl, type SegmentedOption } from "../ui/SegmentedControl"
import { Spinner } from "../ui/Spinner"

const PAY_METHODS: ReadonlyArray<SegmentedOption<PayMethod>> = [
  { key: "wechat", label: "微信支付", icon: <span className="size-2.5 rounded-full bg-[#07c160]" /> },
  { key: "alipay", label: "支付宝", icon: <span className="size-2.5 rounded-full bg-[#1677ff]" /> }
]

const PAY_APP: Record<PayMethod, string> = { wechat: "微信", alipay: "支付宝" }

/** Pay method (spec §7 alipay | wechat); a change resets the order (OR3). */
const PayMethods = observer(function PayMethods({ checkout }: { checkout: CheckoutStore }) {
  return (
    <SegmentedControl
      label="支付方式"
      options={PAY_METHODS}
      value={checkout.state.payMethod}
      onChange={(method) => void checkout.selectPayMethod(method)}
    />
  )
})

/** The coupon box (spec §5): 使用 checks the code for the chosen item; editing, or 取消, cancels it (CP8). */
const CouponBox = observer(function CouponBox({ checkout }: { checkout: CheckoutStore }) {
  const { code } = checkout.state.coupon
  const price = checkout.price
  return (
    <div>
      <div className="flex gap-2">
        <input
          value={code}
          onChange={(event) => void checkout.editCoupon(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") void checkout.applyCoupon()
          }}
          placeholder="输入优惠码"
          aria-label="优惠码"
          aria-invalid={checkout.couponMessage !== null}
          maxLength={32}
          className={cx(
            "h-9 min-w-0 flex-1 rounded-md bg-surface px-3 text-sm text-gray-900 ring-1 ring-inset outline-none placeholder:text-gray-400 focus:ring-2 focus:ring-brand-500",
            checkout.couponMessage !== null ? "ring-danger-500" : "ring-line-strong"
          )}
        />
        {checkout.couponApplied ? (
          <Button variant="secondary" size="sm" className="h-9" onClick={() => void checkout.cancelCoupon()}>取消</Button>
        ) : (
          <Button variant="secondary" size="sm" className="h-9" loading={checkout.applyingCoupon} onClick={() => void checkout.applyCoupon()}>使用</Button>
        )}
      </div>
      <p className="mt-1 min-h-5 text-sm" role={checkout.couponMessage !== null ? "alert" : undefined} data-testid="coupon-message">
        {checkout.couponMessage !== null ? (
          <span className="text-danger-600">{checkout.couponMessage}</span>
        ) : checkout.couponApplied && price?.discount != null ? (
          <span className="text-success-700">已使用优惠码，优惠 ¥{price.discount}</span>
        ) : null}
      </p>
    </div>
  )
})

/** 应付金额 with the applied coupon, exact to the fen (CP6–CP7); the list price struck through when lower. */
const PriceLine = observer(function PriceLine({ checkout }: { checkout: CheckoutStore }) {
  const price = checkout.price
  if (price === null) return <p className="text-sm text-gray-500">请选择{checkout.state.tab === "plan" ? "会员套餐" : "米豆套餐"}</p>
  return (
    <p className="flex items-baseline gap-2" data-testid="payable">
      <span className="text-sm text-gray-600">应付金额</span>
      <span className="text-2xl font-bold text-bean-700">¥{price.payable}</span>
      {price.discount !== null ? <span className="text-sm text-gray-400 line-through">¥{price.price}</span> : null}
    </p>
  )
})

/** The membership agreement (spec §5): tick it here, or the confirm dialog asks when ordering. */
const Agreement = observer(function Agreement({ checkout }: { checkout: CheckoutStore }) {
  return (
    <label className="flex items-center gap-2 text-sm text-gray-600">
      <input
        type="checkbox"
        checked={checkout.agreed}
        onChange={(event) => checkout.setAgreed(event.target.checked)}
        className="size-4 accent-brand-600"
      />
      <span>
        我已阅读并同意
        <a href={checkout.agreementHref} target="_blank" rel="noreferrer" className="text-brand-600 hover:underline">
          《会员服务协议》
        </a>
      </span>
    </label>
  )
})

/** The right side: the pay button, the claim button (payable 0, OR4) or the order's QR while paying. */
const PayArea = observer(function PayArea({ checkout }: { checkout: CheckoutStore }) {
  const order = checkout.state.order
  if (order.status === "paying") {
    return (
      <div className="flex flex-col items-center rounded-lg bg-surface py-3 text-center ring-1 ring-line" data-testid="pay-qr">
        <img src={order.qr} alt={`${PAY_APP[checkout.state.payMethod]}支付二维码`} className="size-36 rounded-md bg-white p-1" />
        <p className="mt-2 text-sm text-gray-700">
          请使用<span className="font-medium">{PAY_APP[checkout.state.payMethod]}</span>扫码支付
          {checkout.orderPayable !== null ? <span className="ml-1 font-semibold text-bean-700">¥{checkout.orderPayable}</span> : null}
        </p>
        {checkout.paymentNotice !== null ? (
          <p className="mt-1 max-w-48 text-xs text-warning-700">{checkout.paymentNotice}</p>
        ) : (
          <p className="mt-1 flex items-center gap-1 text-xs text-gray-500"><Spinner size={12} />等待支付结果…</p>
        )}
        <p className="mt-1 px-3 text-[11px] leading-4 break-all text-gray-400" data-testid="trade-no">订单号 {order.tradeNo}</p>
      </div>
    )
  }
  if (checkout.isClaim) {
    return (
      <div className="flex flex-col items-center gap-2 text-center">
        <p className="text-sm text-gray-600">优惠后无需支付</p>
        <Button size="lg" block loading={checkout.placing} onClick={() => void checkout.placeOrder()}>立即领取</Button>
      </div>
    )
  }
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      <Button size="lg" block loading={checkout.placing} disabled={checkout.price === null} onClick={() => void checkout.placeOrder()}>
        立即支付
      </Button>
      <p className="text-xs text-gray-400">下单后请用{PAY_APP[checkout.state.payMethod]}扫码完成支付</p>
    </div>
  )
})

/** The right column of the purchase dialog: pay method, coupon, price and agreement, then paying. */
export const CheckoutPanel = observer(function CheckoutPanel({ checkout }: { checkout: CheckoutStore }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-gray-50 p-4 ring-1 ring-line" data-testid="checkout-panel">
      <div>
        <p className="mb-1.5 text-sm text-gray-500">支付方式</p>
        <PayMethods checkout={checkout} />
      </div>
      <div>
        <p className="mb-1.5 text-sm text-gray-500">优惠码</p>
        <CouponBox checkout={checkout} />
      </div>
      <div className="border-t border-line pt-3">
        <PriceLine checkout={checkout} />
        <div className="mt-2">
          <Agreement checkout={checkout} />
        </div>
      </div>
      <PayArea checkout={checkout} />
    </div>
  )
})
