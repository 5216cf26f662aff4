import type { ServerConfig } from "../../platform/config.js"
import type { ServiceCheck } from "../../platform/serviceCheck.js"
import { alipayProvider, alipayServiceCheck } from "./alipayProvider.js"
import type { LivePayments, PayMethod } from "./paymentProviderPort.js"
import { wechatPayProvider, wechatPayServiceCheck } from "./wechatPayProvider.js"

/** The real providers the settings configure (platform/paymentConfig.ts), by pay method. */
export const livePayments = (config: ServerConfig): LivePayments => ({
  ...(config.payments?.alipay === undefined ? {} : { alipay: alipayProvider(config.payments.alipay, config.publicUrl) }),
  ...(config.payments?.wechat === undefined ? {} : { wechat: wechatPayProvider(config.payments.wechat, config.publicUrl) })
})

/** The doctor command's checks of the configured providers (none when neither is configured). */
export const paymentServiceChecks = (config: ServerConfig): ReadonlyArray<ServiceCheck> => [
  ...(config.payments?.alipay === undefined ? [] : [alipayServiceCheck(config.payments.alipay)]),
  ...(config.payments?.wechat === undefined ? [] : [wechatPayServiceCheck(config.payments.wechat)])
]

/** The pay methods a production start would leave to the sandbox (the production-start check names them). */
export const unconfiguredPayMethods = (config: ServerConfig): ReadonlyArray<PayMethod> =>
  (["alipay", "wechat"] as const).filter((method) => config.payments?.[method] === undefined)
