import type { ServerConfig } from "../../src/platform/config.js"
import type { AlipayFake } from "./alipayGateway.js"
import type { WechatPayFake } from "./wechatPayApi.js"

/** The server's payment settings pointing at both fakes, as docs/deploy.md "Going live" sets them for the real gateways. */
export const paymentsAgainst = (alipay: AlipayFake, wechat: WechatPayFake): Pick<ServerConfig, "payments"> => ({
  payments: {
    alipay: { appId: alipay.appId, privateKey: alipay.appPrivateKey, alipayPublicKey: alipay.alipayPublicKey, gateway: `${alipay.server.url}/gateway.do` },
    wechat: {
      mchId: wechat.mchId, appId: wechat.appId, certSerial: wechat.certSerial, privateKey: wechat.merchantPrivateKey, apiV3Key: wechat.apiV3Key,
      publicKey: wechat.platformPublicKey, publicKeyId: wechat.publicKeyId, baseUrl: wechat.server.url
    }
  }
})
