/**
 * A loopback Kakao Login (kauth authorize/token with a consent page, kapi `/v2/user/me`) for the social
 * sign-in journey. It is the server suites' fake (apps/server/test/fakes/kakao-oauth.ts), reused so that
 * Kakao's protocol is written down once.
 */
export { startKakaoOAuthFake, type KakaoOAuthFake } from '../../apps/server/test/fakes/kakao-oauth.js';
